/**
 * Prompt parser, flowcharts, last stage: steps in order become START → boxes and decisions →
 * END. Consecutive steps are linked forward. A decision's YES goes to its "if so" step and its NO
 * to its "otherwise" step (a branch may run several steps when the other branch follows them);
 * both branches rejoin at the next common step. A branch left unsaid takes that next step (YES
 * only when neither was said, with NO then going to END). Jumps ("return to step 202") are linked
 * after every step exists, so they may point forward too; a target that cannot be found falls
 * through to the step after the jump (or END).
 */

import type { FigureLink, FigurePart } from '../spec'
import { LinkSet } from './merge-links'
import type { Question, StepAction, StepItem, StepRef } from './read-step'

/** A flowchart as built, before validation. */
export interface FlowchartDraft {
  parts: FigurePart[]
  links: FigureLink[]
}

type Branch = 'YES' | 'NO'
/** Where the flow leaves a step: its id, and the branch label if it leaves a decision. */
interface Exit {
  id: string
  label?: Branch
}

interface Pending {
  id: string
  condition: string
  yes: Exit[] | null
  no: Exit[] | null
  /** The branch the last steps went down. */
  cursor: 'yes' | 'no' | null
}

interface StepNode {
  id: string
  numeral?: number
  marker?: number
  stems: string[]
}

const NEGATION =
  /\b(?:not|no|never|fails?|failed|unsuccessful(?:ly)?|invalid|unauthori[sz]ed|without|none)\b|n't\b/

const CONDITION_STOP = new Set(
  'the a an is are was were be been has have does do that whether if there any of to in on for and or not no'.split(
    ' ',
  ),
)

/** A crude stem for matching "the retrieving step" with "RETRIEVING A RECORD". */
const stem = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/(?:ations?|ing|ions?|ments?|als?|ed|es|e|s)$/, '')

const sameStem = (a: string, b: string) =>
  Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a))

function conditionWords(condition: string): string[] {
  return condition
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !CONDITION_STOP.has(w))
    .map((w) => (/^\d/.test(w) ? w : stem(w.replace(/^(?:un|in|non|dis)(?=\w{4})/, ''))))
    .filter((w) => w.length >= 3 || /^\d/.test(w))
}

/**
 * Whether condition `b` asks what `a` asks, negation aside: every word of the shorter one is in
 * the longer one (one may be missing from four or more). "the reading is above 30" and "the
 * reading is below 20" are two questions.
 */
function sameCondition(a: string, b: string): boolean {
  const left = conditionWords(a)
  const right = conditionWords(b)
  const [short, long] = left.length <= right.length ? [left, right] : [right, left]
  if (short.length === 0) return false
  const shared = short.filter((w) => long.some((v) => sameStem(v, w) || v === w)).length
  return shared >= short.length - (short.length >= 4 ? 1 : 0)
}

const polarityOf = (condition: string, pending: string): 'yes' | 'no' =>
  NEGATION.test(condition) !== NEGATION.test(pending) ? 'no' : 'yes'

const other = (side: 'yes' | 'no'): 'yes' | 'no' => (side === 'yes' ? 'no' : 'yes')
const label = (side: 'yes' | 'no'): Branch => (side === 'yes' ? 'YES' : 'NO')

/** Builds the flowchart of `items` (see the module header). */
export function buildFlowchart(items: readonly StepItem[]): FlowchartDraft {
  const parts: FigurePart[] = []
  // Directed: a loop back from a decision to the step before it is a second edge, not a two-way one.
  const links = new LinkSet({ directed: true })
  const nodes: StepNode[] = []
  const numerals = new Set<number>()
  const jumps: { from: Exit[]; target: StepRef; at: number; item: number }[] = []
  /** How many steps existed after each item: where an unresolved jump falls through to. */
  const stepsAfter: number[] = []
  let itemIndex = 0
  const toEnd: Exit[] = []

  const addPart = (text: string, shape: FigurePart['shape'], numeral?: number, marker?: number) => {
    const id = `p${parts.length + 1}`
    const keep = numeral !== undefined && !numerals.has(numeral)
    if (keep) numerals.add(numeral)
    parts.push({ id, label: text, shape, ...(keep ? { numeral } : {}) })
    if (shape !== 'terminal') {
      nodes.push({
        id,
        ...(keep ? { numeral } : {}),
        ...(marker !== undefined ? { marker } : {}),
        stems: text.split(/\s+/).map(stem),
      })
    }
    return id
  }
  const link = (exits: readonly Exit[], to: string) => {
    for (const exit of exits) {
      links.add({
        from: exit.id,
        to,
        arrow: 'forward',
        ...(exit.label ? { label: exit.label } : {}),
      })
    }
  }
  const ask = (question: Question, exits: readonly Exit[], marker?: number) => {
    const id = addPart(question.label, 'decision', question.numeral, marker)
    link(exits, id)
    return id
  }

  const start = addPart('START', 'terminal')
  let open: Exit[] = [{ id: start }]
  let pending: Pending | null = null

  /** The exits that flow into the next step: the open ones, or the pending decision's branches. */
  const rejoin = (): Exit[] => {
    if (!pending) {
      const exits = open
      open = []
      return exits
    }
    const p = pending
    pending = null
    const yes = p.yes ?? [{ id: p.id, label: 'YES' as const }]
    let no: Exit[] = []
    if (p.no) no = p.no
    else if (p.yes) no = [{ id: p.id, label: 'NO' }]
    else toEnd.push({ id: p.id, label: 'NO' })
    const exits = [...open, ...yes, ...no]
    open = []
    return exits
  }

  /** Draws `action` after `exits`; returns where the flow leaves it. Decisions become pending. */
  const place = (action: StepAction, exits: Exit[], marker?: number): Exit[] => {
    switch (action.kind) {
      case 'box': {
        const id = addPart(action.label, 'box', action.numeral, marker)
        link(exits, id)
        if (action.then) {
          jumps.push({ from: [{ id }], target: action.then, at: nodes.length, item: itemIndex })
          return []
        }
        if (!action.until) return [{ id }]
        const check = ask(action.until, [{ id }])
        links.add({ from: check, to: id, arrow: 'forward', label: 'NO' })
        return [{ id: check, label: 'YES' }]
      }
      case 'decision': {
        const id = ask(action.question, exits, marker)
        pending = { id, condition: action.question.condition, yes: null, no: null, cursor: null }
        return []
      }
      case 'jump': {
        if (!action.until) {
          jumps.push({ from: exits, target: action.target, at: nodes.length, item: itemIndex })
          return []
        }
        const at = nodes.length
        const check = ask(action.until, exits)
        jumps.push({
          from: [{ id: check, label: 'NO' }],
          target: action.target,
          at,
          item: itemIndex,
        })
        return [{ id: check, label: 'YES' }]
      }
      case 'end':
        toEnd.push(...exits)
        return []
    }
  }

  const answer = (p: Pending, side: 'yes' | 'no', action: StepAction) => {
    const edge: Exit[] = [{ id: p.id, label: label(side) }]
    if (action.kind === 'decision') {
      // A decision inside a branch: the other branch joins the flow after it.
      open = p[other(side)] ?? [{ id: p.id, label: label(other(side)) }]
      p[side] = []
      place(action, edge)
      return
    }
    p[side] = place(action, edge)
    p.cursor = side
  }

  /** Whether a later item answers the other side of `p` before a new question is asked. */
  const otherSideAhead = (from: number, p: Pending): boolean => {
    for (const item of items.slice(from + 1)) {
      if (item.kind === 'branch') return item.polarity !== p.cursor
      if (item.kind === 'if') {
        return (
          sameCondition(p.condition, item.question.condition) &&
          polarityOf(item.question.condition, p.condition) !== p.cursor
        )
      }
      if (item.action.kind === 'decision') return false
    }
    return false
  }

  items.forEach((item, i) => {
    itemIndex = i
    step(item, i)
    stepsAfter.push(nodes.length)
  })

  function step(item: StepItem, i: number): void {
    const current = pending as Pending | null
    let side: 'yes' | 'no' | null = null
    if (item.kind === 'branch') side = item.polarity
    else if (
      item.kind === 'if' &&
      current &&
      sameCondition(current.condition, item.question.condition)
    ) {
      side = polarityOf(item.question.condition, current.condition)
    }
    const branch =
      side && item.kind !== 'do' ? { side, action: item.action, otherwise: item.otherwise } : null
    if (branch) {
      if (!current) {
        if (branch.action) open = place(branch.action, rejoin())
        return
      }
      if (branch.action) answer(current, branch.side, branch.action)
      if (branch.otherwise && pending === current)
        answer(current, other(branch.side), branch.otherwise)
      return
    }
    if (item.kind === 'if') {
      const id = ask(item.question, rejoin(), item.marker)
      const p: Pending = {
        id,
        condition: item.question.condition,
        yes: null,
        no: null,
        cursor: null,
      }
      pending = p
      if (item.action) answer(p, 'yes', item.action)
      if (item.otherwise && pending === p) answer(p, 'no', item.otherwise)
      return
    }
    if (item.kind !== 'do') return
    const { action } = item
    if (current?.cursor && action.kind !== 'decision' && otherSideAhead(i, current)) {
      // A further step down the branch just taken.
      const side = current.cursor
      current[side] = place(action, current[side] ?? [], item.marker)
      return
    }
    const exits = rejoin()
    const last = i === items.length - 1
    if (action.kind === 'jump' && !action.until) {
      // A plain jump is an extra edge; the flow still reaches the next step.
      place(action, exits)
      open = last ? [] : exits
      return
    }
    open = place(action, exits, item.marker)
  }
  toEnd.push(...rejoin())

  const resolve = (ref: StepRef, at: number): string | undefined => {
    if (ref.start) return nodes[0]?.id
    if (ref.previous) return nodes[Math.max(0, at - 1)]?.id
    if (ref.number !== undefined) {
      const n = ref.number
      return (nodes.find((node) => node.numeral === n) ?? nodes.find((node) => node.marker === n))
        ?.id
    }
    const words = (ref.words ?? []).map(stem).filter((w) => w.length >= 4)
    const earlier = nodes.slice(0, at)
    for (const pool of [earlier, nodes]) {
      const first = pool.find((node) => words.some((w) => sameStem(node.stems[0] ?? '', w)))
      if (first) return first.id
    }
    for (const pool of [earlier, nodes]) {
      const any = pool.find((node) => words.some((w) => node.stems.some((s) => sameStem(s, w))))
      if (any) return any.id
    }
    return undefined
  }
  for (const jump of jumps) {
    if (jump.target.end) {
      toEnd.push(...jump.from)
      continue
    }
    // A target that is not found falls through to the step after the jump, or the end.
    const target = resolve(jump.target, jump.at) ?? nodes[stepsAfter[jump.item] ?? nodes.length]?.id
    if (target) link(jump.from, target)
    else toEnd.push(...jump.from)
  }
  if (toEnd.length > 0) link(toEnd, addPart('END', 'terminal'))
  return { parts, links: links.links }
}
