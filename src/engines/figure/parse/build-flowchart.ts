/**
 * Prompt parser, flowcharts, last stage: steps in order become START → steps and decisions →
 * END. Consecutive steps are linked forward. A decision's YES goes to its "if so" step and its NO
 * to its "otherwise" step (a branch may run several steps when the other branch follows them);
 * both branches rejoin at the next common step, or where the prompt says "in either case". A
 * branch left unsaid takes that next step; a decision neither of whose branches is said sends
 * YES on and NO to END, and says so in a warning. Jumps ("return to step 202", "determining
 * again whether X") and orders ("step S1310 is performed after step S1306 when ...") are linked
 * after every step exists, so they may point forward too; a jump whose target cannot be found
 * falls through to the step after it (or END) and is named in a warning.
 */

import type { FigureConnection, FigureElement } from '../figure'
import { LinkSet } from './merge-links'
import type { Question, StepAction, StepItem, StepRef } from './read-step'

/** A flowchart as built, before validation. */
export interface FlowchartDraft {
  elements: FigureElement[]
  connections: FigureConnection[]
  warnings: string[]
}

type Branch = 'YES' | 'NO'
/** Where the flow leaves a step: its id, and the branch label if it leaves a decision. */
interface Exit {
  id: string
  label?: Branch
}

interface Pending {
  id: string
  label: string
  condition: string
  yes: Exit[] | null
  no: Exit[] | null
  /** The branch the last steps went down. */
  cursor: 'yes' | 'no' | null
}

interface StepNode {
  id: string
  numeral?: string
  marker?: number
  stems: string[]
  /** Decisions: the condition they ask. */
  condition?: string
}

const NEGATION =
  /\b(?:not|no|never|fails?|failed|unsuccessful(?:ly)?|invalid|unauthori[sz]ed|without|none|neither|nor)\b|n't\b/

const CONDITION_STOP = new Set(
  'the a an is are was were be been has have does do that whether if there any of to in on for and or not no still yet already'.split(
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
  Math.min(a.length, b.length) >= 4 ? a.startsWith(b) || b.startsWith(a) : a === b && a.length > 0

/** Antonyms a condition may use for the other branch ("below" / "above"). */
const OPPOSITES: [string, string][] = [
  ['above', 'below'],
  ['exceed', 'below'],
  ['high', 'low'],
  ['higher', 'lower'],
  ['greater', 'less'],
  ['more', 'less'],
  ['valid', 'invalid'],
  ['present', 'absent'],
  ['available', 'unavailable'],
  ['success', 'fail'],
  ['pass', 'fail'],
  ['match', 'mismatch'],
  ['within', 'outside'],
  ['open', 'closed'],
  ['on', 'off'],
]

function conditionWords(condition: string): string[] {
  return condition
    .split(/[^a-z0-9%°$.,]+/)
    .map((w) => w.replace(/[.,]$/, ''))
    .filter((w) => w && !CONDITION_STOP.has(w))
    .map((w) => (/^[\d$]/.test(w) ? w : stem(w.replace(/^(?:un|in|non|dis|mis)(?=\w{4})/, ''))))
    .filter((w) => w.length >= 2)
}

/**
 * Whether condition `b` asks what `a` asks, negation aside: most words of the shorter one are in
 * the longer one. "the reading is above 30" and "the reading is below 20" are two questions.
 */
function sameCondition(a: string, b: string): boolean {
  const left = conditionWords(a)
  const right = conditionWords(b)
  const [short, long] = left.length <= right.length ? [left, right] : [right, left]
  if (short.length === 0) return false
  const shared = short.filter((w) => long.some((v) => sameStem(v, w) || v === w)).length
  const allowed = short.length >= 4 ? 1 : 0
  if (shared >= short.length - allowed) return true
  // "the cartridge is installed" answers "a detergent cartridge is installed".
  return shared >= 2 && shared >= Math.ceil(0.6 * short.length) && short.length >= 3
}

/** Whether `condition` asks the opposite of `asked` ("not installed", "below" for "above"). */
function negates(condition: string, asked: string): boolean {
  let flips = NEGATION.test(condition) !== NEGATION.test(asked)
  const a = conditionWords(asked)
  const c = conditionWords(condition)
  for (const [x, y] of OPPOSITES) {
    const sx = stem(x)
    const sy = stem(y)
    if ((a.includes(sx) && c.includes(sy)) || (a.includes(sy) && c.includes(sx))) flips = !flips
  }
  return flips
}

/** Whether a condition answers a decision: the same question, or its opposite words. */
function answers(condition: string, asked: string): boolean {
  if (sameCondition(asked, condition)) return true
  const a = conditionWords(asked)
  const c = conditionWords(condition)
  return OPPOSITES.some(([x, y]) => {
    const sx = stem(x)
    const sy = stem(y)
    const swapped = (a.includes(sx) && c.includes(sy)) || (a.includes(sy) && c.includes(sx))
    if (!swapped) return false
    const rest = (words: string[]) => words.filter((w) => w !== sx && w !== sy)
    return sameCondition(rest(a).join(' '), rest(c).join(' '))
  })
}

const polarityOf = (condition: string, asked: string): 'yes' | 'no' =>
  negates(condition, asked) ? 'no' : 'yes'

const other = (side: 'yes' | 'no'): 'yes' | 'no' => (side === 'yes' ? 'no' : 'yes')
const branchLabel = (side: 'yes' | 'no'): Branch => (side === 'yes' ? 'YES' : 'NO')

/** Builds the flowchart of `items` (see the module header). */
export function buildFlowchart(items: readonly StepItem[]): FlowchartDraft {
  const elements: FigureElement[] = []
  // Directed: a loop back from a decision to the step before it is a second edge, not a two-way one.
  const links = new LinkSet({ directed: true })
  const nodes: StepNode[] = []
  const numerals = new Set<string>()
  const warnings: string[] = []
  const jumps: { from: Exit[]; target: StepRef; at: number; item: number }[] = []
  const orders: { step: StepRef; after: StepRef; condition?: string }[] = []
  /** How many steps existed after each item: where an unresolved jump falls through to. */
  const stepsAfter: number[] = []
  let itemIndex = 0
  const toEnd: Exit[] = []

  const addElement = (
    text: string,
    kind: FigureElement['kind'],
    numeral?: string,
    marker?: number,
    condition?: string,
  ) => {
    const id = `s${elements.length}`
    const keep = numeral !== undefined && !numerals.has(numeral.toUpperCase())
    if (keep) numerals.add(numeral.toUpperCase())
    elements.push({ id, label: text, kind, ...(keep ? { numeral } : {}) })
    if (kind !== 'terminal') {
      nodes.push({
        id,
        ...(keep ? { numeral } : {}),
        ...(marker !== undefined ? { marker } : {}),
        stems: text.split(/\s+/).map(stem),
        ...(condition !== undefined ? { condition } : {}),
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
    const id = addElement(question.label, 'decision', question.numeral, marker, question.condition)
    link(exits, id)
    return id
  }

  const start = addElement('START', 'terminal')
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
    else {
      toEnd.push({ id: p.id, label: 'NO' })
      warnings.push(
        `The prompt does not say what follows when "${p.label.replace(/\?$/, '')}" is not the case; its NO branch is drawn to END`,
      )
    }
    const exits = [...open, ...yes, ...no]
    open = []
    return exits
  }

  /** Draws `action` after `exits`; returns where the flow leaves it. Decisions become pending. */
  const place = (action: StepAction, exits: Exit[], marker?: number): Exit[] => {
    switch (action.kind) {
      case 'box': {
        const id = addElement(action.label, 'step', action.numeral, marker)
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
        pending = {
          id,
          label: action.question.label,
          condition: action.question.condition,
          yes: null,
          no: null,
          cursor: null,
        }
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

  /** Places actions in a row after `exits`; returns where the last one leaves. */
  const placeAll = (actions: readonly StepAction[], exits: Exit[], marker?: number): Exit[] => {
    let current = exits
    actions.forEach((action, k) => {
      current = place(action, current, k === 0 ? marker : undefined)
    })
    return current
  }

  const answer = (p: Pending, side: 'yes' | 'no', actions: readonly StepAction[]) => {
    const edge: Exit[] = [{ id: p.id, label: branchLabel(side) }]
    const split = actions.findIndex((a) => a.kind === 'decision')
    if (split === 0) {
      // A decision inside a branch: the other branch joins the flow after it.
      open = [...open, ...(p[other(side)] ?? [{ id: p.id, label: branchLabel(other(side)) }])]
      p[side] = []
      if (pending === p) pending = null
      placeAll(actions, edge)
      return
    }
    p[side] = placeAll(actions, p[side] && p[side]!.length > 0 && p.cursor === side ? p[side]! : edge)
    p.cursor = side
  }

  /** Whether a later item answers the other side of `p` before a new question is asked. */
  const otherSideAhead = (from: number, p: Pending): boolean => {
    for (const item of items.slice(from + 1)) {
      if (item.kind === 'branch') return item.polarity !== p.cursor
      if (item.kind === 'if') {
        return (
          answers(item.question.condition, p.condition) &&
          polarityOf(item.question.condition, p.condition) !== p.cursor
        )
      }
      if (item.kind === 'ends' || item.kind === 'after') continue
      if (item.rejoin) return false
      if (item.actions.some((a) => a.kind === 'decision')) return false
    }
    return false
  }

  const findNode = (ref: StepRef): StepNode | undefined => {
    if (ref.numeral === undefined) return undefined
    const n = ref.numeral.toUpperCase()
    return nodes.find((node) => node.numeral?.toUpperCase() === n)
  }

  items.forEach((item, i) => {
    itemIndex = i
    step(item, i)
    stepsAfter.push(nodes.length)
  })

  function step(item: StepItem, i: number): void {
    if (item.kind === 'after') {
      orders.push(item)
      return
    }
    if (item.kind === 'ends') {
      for (const ref of item.refs) {
        const node = findNode(ref)
        if (!node) continue
        const take = (list: Exit[] | null) => {
          if (!list) return list
          const kept = list.filter((e) => e.id !== node.id)
          if (kept.length !== list.length) toEnd.push({ id: node.id })
          return kept
        }
        open = take(open) ?? []
        const p = pending as Pending | null
        if (p) {
          p.yes = take(p.yes)
          p.no = take(p.no)
        }
        if (!toEnd.some((e) => e.id === node.id)) toEnd.push({ id: node.id })
      }
      return
    }
    const current = pending as Pending | null
    let side: 'yes' | 'no' | null = null
    if (item.kind === 'branch') side = item.polarity
    else if (item.kind === 'if' && current && answers(item.question.condition, current.condition)) {
      side = polarityOf(item.question.condition, current.condition)
    }
    if (side && item.kind !== 'do') {
      const actions = item.actions
      const otherwise = item.otherwise
      if (!current) {
        if (actions.length > 0) open = placeAll(actions, rejoin())
        return
      }
      if (item.kind === 'if' && item.question.numeral !== undefined) {
        // "If the answer is yes (step 1206)" marks the decision itself when it has no numeral.
        const element = elements.find((e) => e.id === current.id)
        if (element && element.numeral === undefined && !numerals.has(item.question.numeral)) {
          element.numeral = item.question.numeral
          numerals.add(item.question.numeral.toUpperCase())
        }
      }
      if (actions.length > 0) answer(current, side, actions)
      if (otherwise && otherwise.length > 0 && pending === current) {
        answer(current, other(side), otherwise)
      }
      return
    }
    if (item.kind === 'if') {
      const id = ask(item.question, rejoin(), item.marker)
      const p: Pending = {
        id,
        label: item.question.label,
        condition: item.question.condition,
        yes: null,
        no: null,
        cursor: null,
      }
      pending = p
      if (item.actions.length > 0) answer(p, 'yes', item.actions)
      if (item.otherwise && item.otherwise.length > 0 && pending === p) {
        answer(p, 'no', item.otherwise)
      }
      return
    }
    if (item.kind !== 'do') return
    const { actions } = item
    const first = actions[0]
    if (!first) return
    if (
      current?.cursor &&
      !item.rejoin &&
      first.kind !== 'decision' &&
      otherSideAhead(i, current)
    ) {
      // Further steps down the branch just taken.
      const side = current.cursor
      current[side] = placeAll(actions, current[side] ?? [], item.marker)
      return
    }
    const exits = rejoin()
    const last = i === items.length - 1
    if (first.kind === 'jump' && !first.until && actions.length === 1) {
      // A plain jump is an extra edge; the flow still reaches the next step.
      place(first, exits)
      open = last ? [] : exits
      return
    }
    open = placeAll(actions, exits, item.marker)
  }
  toEnd.push(...rejoin())

  const resolve = (ref: StepRef, at: number): string | undefined => {
    if (ref.start) return nodes[0]?.id
    if (ref.previous) return nodes[Math.max(0, at - 1)]?.id
    if (ref.condition !== undefined) {
      const asked = ref.condition
      const decisions = nodes.filter((n) => n.condition !== undefined)
      return (
        decisions.find((n) => sameCondition(n.condition!, asked) && !negates(asked, n.condition!)) ??
        decisions.find((n) => answers(asked, n.condition!))
      )?.id
    }
    if (ref.numeral !== undefined) return findNode(ref)?.id
    if (ref.number !== undefined) {
      const n = ref.number
      return nodes.find((node) => node.marker === n)?.id
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
    const found = resolve(jump.target, jump.at)
    if (found === undefined) {
      const named =
        jump.target.numeral ??
        (jump.target.condition ? `"${jump.target.condition}"` : jump.target.words?.join(' '))
      warnings.push(
        `The step the prompt returns to (${named ?? 'unnamed'}) is not among the steps read; the flow continues with the next step instead`,
      )
    }
    // A target that is not found falls through to the step after the jump, or the end.
    const target = found ?? nodes[stepsAfter[jump.item] ?? nodes.length]?.id
    if (target) link(jump.from, target)
    else toEnd.push(...jump.from)
  }
  for (const order of orders) {
    const step = findNode(order.step)
    const after = findNode(order.after)
    if (!step || !after) continue
    let label: Branch | undefined
    if (after.condition !== undefined) {
      label = order.condition
        ? branchLabel(polarityOf(order.condition, after.condition))
        : undefined
    }
    links.add({ from: after.id, to: step.id, arrow: 'forward', ...(label ? { label } : {}) })
  }
  if (toEnd.length > 0) link(toEnd, addElement('END', 'terminal'))
  return { elements, connections: links.links, warnings }
}
