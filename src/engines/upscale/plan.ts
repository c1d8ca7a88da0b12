/**
 * How /enhance treats an image: line art goes to the line-art reconstruction (./lineart.ts),
 * photos and gray artwork to the network (./index.ts). The survey reads the input once, row by
 * row, into its gray page and what the choice needs; the plan is the choice.
 */

import { classifyTone, type ToneKind } from '../gray/tone'

/** The API's `mode`: `auto` decides per image; `bilevel` and `gray` force the output. */
export type EnhanceMode = 'auto' | 'bilevel' | 'gray'

export type EnhancePlan =
  /** Line-art reconstruction on the gray page; `bilevel` writes a 1-bit PNG. */
  | { method: 'lineart'; output: 'bilevel' | 'gray' }
  /** The network; `gray` runs it on the gray page, `color` on the decoded channels as they are. */
  | { method: 'network'; output: 'gray' | 'color' }

/** What the plan is made of. */
export interface InputSurvey {
  /** Luma, alpha flattened onto white: `width × height` bytes. */
  readonly page: Uint8Array
  readonly width: number
  readonly height: number
  /** Some pixel shows colour (channel spread over COLOUR_SPREAD in over COLOUR_SHARE of pixels). */
  readonly colour: boolean
  /** Some pixel is not opaque. */
  readonly transparent: boolean
  /** Every luma is 0 or 255: a 1-bit drawing. */
  readonly bilevel: boolean
  /** /convert's tone decision on the page. */
  readonly tone: ToneKind
  readonly toneReason: string
}

/** A channel spread (max − min of R, G, B) above this is colour, not a gray scan's noise. */
const COLOUR_SPREAD = 24

/** Colour in more than this share of pixels makes a colour image (a stray fringe does not). */
const COLOUR_SHARE = 0.001

/** The plan for `survey` under `mode`. */
export function planEnhance(survey: InputSurvey, mode: EnhanceMode): EnhancePlan {
  if (mode === 'bilevel') return { method: 'lineart', output: 'bilevel' }
  const lineart = survey.tone === 'lineart'
  if (mode === 'gray') {
    return lineart ? { method: 'lineart', output: 'gray' } : { method: 'network', output: 'gray' }
  }
  // auto: colour and transparency are kept as they are, so only the network can take them.
  if (survey.colour || survey.transparent) return { method: 'network', output: 'color' }
  if (!lineart) return { method: 'network', output: 'gray' }
  return { method: 'lineart', output: survey.bilevel ? 'bilevel' : 'gray' }
}

/**
 * Reads rows of `channels` interleaved bytes (1 gray, 2 gray + alpha, 3 RGB, 4 RGBA) into a
 * survey: the gray page (BT.601 luma, alpha over white) and the flags the plan needs.
 */
export async function surveyRows(
  rows: AsyncIterable<Uint8Array>,
  width: number,
  height: number,
  channels: 1 | 2 | 3 | 4,
): Promise<InputSurvey> {
  const page = new Uint8Array(width * height)
  let coloured = 0
  let transparent = false
  let bilevel = true
  let y = 0
  for await (const row of rows) {
    if (y >= height) break
    const at = y * width
    for (let x = 0; x < width; x++) {
      const i = x * channels
      let v: number
      if (channels >= 3) {
        const r = row[i]!
        const g = row[i + 1]!
        const b = row[i + 2]!
        if (Math.max(r, g, b) - Math.min(r, g, b) > COLOUR_SPREAD) coloured++
        v = (299 * r + 587 * g + 114 * b) / 1000
      } else v = row[i]!
      if (channels % 2 === 0) {
        const a = row[i + channels - 1]!
        if (a < 255) {
          transparent = true
          v = (v * a + 255 * (255 - a)) / 255
        }
      }
      const level = Math.round(v)
      if (level !== 0 && level !== 255) bilevel = false
      page[at + x] = level
    }
    y++
  }
  const tone = classifyTone(page, { width, height })
  return {
    page,
    width,
    height,
    colour: coloured > COLOUR_SHARE * width * height,
    transparent,
    bilevel,
    tone: tone.kind,
    toneReason: tone.reason,
  }
}
