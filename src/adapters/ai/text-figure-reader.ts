/**
 * The {@link FigureReader} on Workers AI: a Llama 3.3 70B instruct model in JSON mode through the
 * AI binding, asked for a figure's structure (POST /figures, step 8, before anything is charged).
 *
 * Request and answer as Cloudflare documents JSON mode
 * (https://developers.cloudflare.com/workers-ai/features/json-mode/):
 * `env.AI.run(model, { messages: [{ role, content }], response_format: { type: 'json_schema',
 * json_schema } })` answers `{ response: <object> }`. The docs warn that the model may still not
 * follow the schema, so the answer is returned unvalidated (the operation validates it) and a
 * string answer is parsed as JSON when it can be.
 */

import type { FigureReader } from '../ports'

/**
 * Llama 3.3 70B (fp8, fast): the largest model on the JSON mode list; reading a claim's structure
 * (numerals, branches) rewards size more than speed, and the call is made only when the rule
 * reader's answer needs one (operations/plan-figure.ts).
 */
export const FIGURE_READER_MODEL = '@cf/meta/llama-3.3-70b-instruct-fp8-fast'

/** The part of the AI binding this adapter uses; `Ai` satisfies it, and so does the test fake. */
export interface TextRunner {
  run(
    model: typeof FIGURE_READER_MODEL,
    inputs: {
      messages: { role: 'system' | 'user'; content: string }[]
      response_format: { type: 'json_schema'; json_schema: Record<string, unknown> }
      max_tokens?: number
    },
  ): Promise<{ response?: unknown }>
}

/** The model answered, but not with JSON. */
export class FigureReaderAnswerError extends Error {
  override readonly name = 'FigureReaderAnswerError'
}

const INSTRUCTIONS = [
  'You read patent drafting text and return the structure of the figure it describes, as JSON that follows the schema.',
  'kind: "flowchart" for a method or process, "block-diagram" for a system or apparatus.',
  'Use the prompt\'s own words for every label, in capitals, without numerals or step markers ("step 1002", "S1302", "at 1102,"). A decision label is the condition as a question ending in "?", and its outgoing connections are labelled YES and NO.',
  'Put every numeral the prompt writes on the part or step it was written with, exactly as written ("102", "102a", "S1302"). Never invent a numeral. The numeral of the whole ("a method 200") goes in "numeral".',
  'A flowchart starts with a terminal "START" and ends with a terminal "END". A part that the prompt says comprises or includes other parts is a "container" that they name as "parent".',
  'Add nothing the prompt does not say.',
].join(' ')

/** Proposes figures with Llama 3.3 70B on Workers AI. */
export class WorkersAiFigureReader implements FigureReader {
  constructor(private readonly ai: TextRunner) {}

  async propose(prompt: string, schema: Record<string, unknown>): Promise<unknown> {
    const answer = await this.ai.run(FIGURE_READER_MODEL, {
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'user', content: prompt },
      ],
      response_format: { type: 'json_schema', json_schema: schema },
      max_tokens: 4096,
    })
    const response = answer?.response
    if (typeof response === 'string') {
      try {
        return JSON.parse(response) as unknown
      } catch {
        throw new FigureReaderAnswerError('The text model answered with text that is not JSON')
      }
    }
    if (response === null || typeof response !== 'object') {
      throw new FigureReaderAnswerError('The text model gave no structure')
    }
    return response
  }
}
