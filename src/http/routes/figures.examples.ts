/** POST /figures' OpenAPI examples: request bodies, answers and refusals as the Worker sends them. */

import { type Examples, errorExample, exampleFileUrl, successExample } from '../openapi-examples'

const SYSTEM_PROMPT =
  'A system 100 comprising a processor 102, a memory 104 coupled to the processor, and a network interface 106 that communicates with a server 110.'

const METHOD_PROMPT =
  'FIG. 2 is a flowchart of a method 200 comprising: receiving a request from a client; authenticating the client; determining whether the client is authorized; if so, retrieving a record; otherwise, sending an error message; and sending the response.'

/** What a reference image drawn without the image model answers, by URL or uploaded. */
const REFERENCE_LINES_RESULT = {
  url: exampleFileUrl('figure.png'),
  format: 'png',
  width: 2048,
  height: 1536,
  method: 'reference-lines',
  sheets: [{ url: exampleFileUrl('figure.png'), label: 'FIG. 1', width: 2048, height: 1536 }],
  creditsConsumed: 10,
}

/** A prompt that asks for a block diagram and names no part. */
const NOT_UNDERSTOOD_PROMPT = 'Draw a block diagram of my invention, the usual parts.'
const NOT_UNDERSTOOD_MESSAGE = `Read "${NOT_UNDERSTOOD_PROMPT}": No parts could be read from the prompt; list them with numerals and say how they connect, for example "A system 100 comprising a processor 102, a memory 104 and a display 106, wherein the processor is coupled to the memory".`

/** What the drafter answers for SYSTEM_PROMPT with `labeled: true`. */
const SYSTEM_REFERENCES = [
  { numeral: '100', label: 'SYSTEM' },
  { numeral: '102', label: 'PROCESSOR' },
  { numeral: '104', label: 'MEMORY' },
  { numeral: '106', label: 'NETWORK INTERFACE' },
  { numeral: '110', label: 'SERVER' },
]

/** The structure the drafter returns for SYSTEM_PROMPT with `labeled: true`. */
const SYSTEM_FIGURE = {
  kind: 'block-diagram',
  label: 'FIG. 1',
  elements: [
    { id: 'p1', numeral: '100', label: 'SYSTEM', kind: 'container' },
    { id: 'p2', numeral: '102', label: 'PROCESSOR', kind: 'block', parent: 'p1' },
    { id: 'p3', numeral: '104', label: 'MEMORY', kind: 'block', parent: 'p1' },
    { id: 'p4', numeral: '106', label: 'NETWORK INTERFACE', kind: 'block', parent: 'p1' },
    { id: 'p5', numeral: '110', label: 'SERVER', kind: 'block' },
  ],
  connections: [
    { from: 'p3', to: 'p2', arrow: 'none' },
    { from: 'p4', to: 'p5', arrow: 'both' },
  ],
}

/** The structure the drafter returns for METHOD_PROMPT with `labeled: true`. */
const METHOD_FIGURE = {
  kind: 'flowchart',
  label: 'FIG. 2',
  numeral: '200',
  title: 'METHOD',
  elements: [
    { id: 's0', label: 'START', kind: 'terminal' },
    { id: 's1', label: 'RECEIVING A REQUEST FROM A CLIENT', kind: 'step', numeral: '202' },
    { id: 's2', label: 'AUTHENTICATING THE CLIENT', kind: 'step', numeral: '204' },
    { id: 's3', label: 'CLIENT IS AUTHORIZED?', kind: 'decision', numeral: '206' },
    { id: 's4', label: 'RETRIEVING A RECORD', kind: 'step', numeral: '208' },
    { id: 's5', label: 'SENDING AN ERROR MESSAGE', kind: 'step', numeral: '210' },
    { id: 's6', label: 'SENDING THE RESPONSE', kind: 'step', numeral: '212' },
    { id: 's7', label: 'END', kind: 'terminal' },
  ],
  connections: [
    { from: 's0', to: 's1', arrow: 'forward' },
    { from: 's1', to: 's2', arrow: 'forward' },
    { from: 's2', to: 's3', arrow: 'forward' },
    { from: 's3', to: 's4', label: 'YES', arrow: 'forward' },
    { from: 's3', to: 's5', label: 'NO', arrow: 'forward' },
    { from: 's4', to: 's6', arrow: 'forward' },
    { from: 's5', to: 's6', arrow: 'forward' },
    { from: 's6', to: 's7', arrow: 'forward' },
  ],
}

/** What the drafter answers for METHOD_PROMPT with `labeled: true`. */
const METHOD_REFERENCES = [
  { numeral: '200', label: 'METHOD' },
  { numeral: '202', label: 'RECEIVING A REQUEST FROM A CLIENT' },
  { numeral: '204', label: 'AUTHENTICATING THE CLIENT' },
  { numeral: '206', label: 'CLIENT IS AUTHORIZED?' },
  { numeral: '208', label: 'RETRIEVING A RECORD' },
  { numeral: '210', label: 'SENDING AN ERROR MESSAGE' },
  { numeral: '212', label: 'SENDING THE RESPONSE' },
]

const SVG_EXAMPLE =
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg width="6.8267in" height="3.5516in" viewBox="0 0 1638.4 852.39" xmlns="http://www.w3.org/2000/svg">\n    <defs/>\n    <path fill="none" stroke="#000000" stroke-width="4" stroke-linecap="round" stroke-linejoin="round" d="M 345.21 145.49 L 1212.21 145.49 L 1212.21 624.69 L 345.21 624.69 L 345.21 145.49 Z …"/>\n    …\n</svg>\n'

/** What SYSTEM_PROMPT drafted as SVG with `labeled: true` answers (a structure sent: reader `sent`). */
const SYSTEM_SVG_RESULT = {
  url: exampleFileUrl('figure.svg'),
  format: 'svg',
  svg: SVG_EXAMPLE,
  width: 1638,
  height: 852,
  method: 'drafter',
  reader: 'rules',
  figure: SYSTEM_FIGURE,
  sheets: [
    {
      url: exampleFileUrl('figure.svg'),
      label: 'FIG. 1',
      svg: SVG_EXAMPLE,
      width: 1638,
      height: 852,
    },
  ],
  references: SYSTEM_REFERENCES,
  creditsConsumed: 8,
}

const PROMPT_NOT_DRAWABLE_MESSAGE =
  'The prompt describes neither a block diagram, a method, nor an object made of parts the drafter can model; drawing it needs the image model, which this deployment does not have: describe the parts (a housing 10 with a lid 12 on top, ...), the blocks or the steps, or send referenceImageUrls.'

export const FIGURES_BODY_EXAMPLES: { json: Examples; form: Examples } = {
  json: {
    labeledSvg: {
      summary: 'A block diagram, numbered, as stroke-only SVG',
      value: { prompt: SYSTEM_PROMPT, labeled: true, output: 'svg' },
    },
    methodPng: {
      summary: 'A method (flowchart), numbered, as a black-and-white PNG',
      value: { prompt: METHOD_PROMPT, labeled: true },
    },
    figure: {
      summary:
        'A structure sent as `figure` (for example a corrected `figure` from an earlier answer)',
      value: { figure: SYSTEM_FIGURE, labeled: true, output: 'svg' },
    },
    referenceImages: {
      summary: 'From a reference sketch only (the default instruction is used)',
      value: { referenceImageUrls: ['https://example.com/sketches/bracket.png'] },
    },
  },
  form: {
    sketchUpload: {
      summary: 'Upload: a sketch on disk as the reference',
      description:
        'curl: `-F referenceImages=@sketch.jpg`; repeat `-F referenceImages=@...` for up to 4, and add `-F prompt=...` to guide the image model.',
      value: { referenceImages: ['sketch.jpg'] },
    },
  },
}

export const FIGURES_RESULT_EXAMPLES: Examples = {
  labeledSvg: successExample(
    'Drafted SVG with its numerals, 8 credits',
    SYSTEM_SVG_RESULT,
    '`svg` holds the whole file (shortened here); `references` lists each numeral and its part for the specification; `figure` is the structure drawn, to correct and send back.',
  ),
  figure: successExample('The structure drawn as sent, 8 credits', {
    ...SYSTEM_SVG_RESULT,
    reader: 'sent',
  }),
  methodPng: successExample('Drafted PNG flowchart, 10 credits', {
    url: exampleFileUrl('figure.png'),
    format: 'png',
    width: 1824,
    height: 2048,
    method: 'drafter',
    reader: 'rules',
    figure: METHOD_FIGURE,
    sheets: [{ url: exampleFileUrl('figure.png'), label: 'FIG. 2', width: 1824, height: 2048 }],
    references: METHOD_REFERENCES,
    creditsConsumed: 10,
  }),
  referenceImages: successExample(
    'Line drawing from the reference, 10 credits',
    REFERENCE_LINES_RESULT,
    'Without the image model (no `AI` binding) each reference becomes a line-drawing view; with it, `method` is `image-model`.',
  ),
  sketchUpload: successExample(
    'Line drawing from the uploaded sketch, 10 credits',
    REFERENCE_LINES_RESULT,
  ),
}

/** Refusals particular to this endpoint; paidRoute adds the ones every paid POST shares. */
export const FIGURES_ERROR_EXAMPLES: Partial<Record<number, Examples>> = {
  400: {
    missingInput: errorExample(
      'Neither prompt nor referenceImageUrls',
      'VALIDATION_ERROR',
      'the body: Send a prompt, a figure, referenceImageUrls, or a prompt with either',
    ),
    promptNotUnderstood: errorExample(
      'A prompt whose structure cannot be read (here a block diagram asked for, no part named); a reading the faithfulness checker refuses quotes the phrase instead',
      'PROMPT_NOT_UNDERSTOOD',
      NOT_UNDERSTOOD_MESSAGE,
    ),
    promptNotDrawable: errorExample(
      'A scene (not an object made of parts) described in words, on a deployment without the image model',
      'PROMPT_NOT_DRAWABLE',
      PROMPT_NOT_DRAWABLE_MESSAGE,
    ),
    referenceImageUnavailable: errorExample(
      'A reference image URL answered 404 (/figures has no 422)',
      'REFERENCE_IMAGE_UNAVAILABLE',
      'referenceImageUrls[0] could not be used: the server answered 404; expected 200',
    ),
  },
}
