/**
 * Prompt parser, flowcharts, last stage: steps in order become START → steps and decisions →
 * END. Consecutive steps are linked forward. A decision's YES goes to its "if so" step and its NO
 * to its "otherwise" step; a branch runs on through the steps after it while the prompt still has
 * the other branch to say, so decisions nest (a stack of open decisions: an "if not X" far below
 * answers X, closing the decisions asked inside X's first branch). Both branches rejoin at the
 * next common step, or where the prompt says "in either case"; "if A, or if B, C" joins two
 * branches at C. A branch left unsaid takes the next step; a decision neither of whose branches is
 * said sends YES on and NO to END, and says so in a warning. Jumps ("return to step 202",
 * "determining again whether X") and orders ("step S1310 is performed after step S1306 when ...")
 * are linked after every step exists, so they may point forward too; a jump whose target cannot be
 * found falls through to the step after it (or END) and is named in a warning.
 */

import type { FigureConnection, FigureElement } from '../figure'
import { LinkSet } from './merge-links'
import type { Question, StepAction, StepItem, StepRef } from './read-step'

/** Words that say a step is done again: "heating is continued", "downloads it again". */
const GOES_ON = /\b(?:AGAIN|CONTINU\w*|REPEAT\w*|RESUM\w*|ANEW|ONCE MORE|RETR(?:Y|IES|IED))\b/
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
  /** Where each branch's flow has reached; null while the prompt has not said. */
  yes: Exit[] | null
  no: Exit[] | null
  /** The branch the last steps went down. */
  cursor: 'yes' | 'no' | null
  /** The decision whose branch this one was asked in (its exits continue that branch). */
  host: Pending | null
  hostSide: 'yes' | 'no' | null
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
  /\b(?:not|no|never|fails?|failed|unsuccessful(?:ly)?|invalid|unauthori[sz]ed|without|none|neither|nor|outside|out\s+of|absent|missing)\b|n't\b/

const CONDITION_STOP = new Set(
  'the a an is are was were be been has have does do that whether if there any all each every of to in on for and or not no still yet already out outside'.split(
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
  ['exceed', 'within'],
  ['high', 'low'],
  ['higher', 'lower'],
  ['greater', 'less'],
  ['more', 'less'],
  ['more', 'fewer'],
  ['valid', 'invalid'],
  ['valid', 'expired'],
  ['present', 'absent'],
  ['found', 'missing'],
  ['available', 'unavailable'],
  ['success', 'fail'],
  ['succeed', 'fail'],
  ['successful', 'unsuccessful'],
  ['pass', 'fail'],
  ['approved', 'declined'],
  ['approved', 'rejected'],
  ['approved', 'denied'],
  ['accepted', 'rejected'],
  ['cleared', 'rejected'],
  ['granted', 'denied'],
  ['approved', 'denied'],
  ['allowed', 'blocked'],
  ['present', 'absent'],
  ['succeeds', 'fails'],
  ['authorized', 'declined'],
  ['match', 'mismatch'],
  ['match', 'differ'],
  ['within', 'outside'],
  ['inside', 'outside'],
  ['open', 'closed'],
  ['on', 'off'],
  ['full', 'empty'],
  ['enabled', 'disabled'],
  ['online', 'offline'],
  ['connected', 'disconnected'],
  ['locked', 'unlocked'],
  ['active', 'inactive'],
  ['positive', 'negative'],
  ['true', 'false'],
  ['sufficient', 'insufficient'],
  ['complete', 'incomplete'],
  ['healthy', 'unhealthy'],
  ['clear', 'blocked'],
  ['clear', 'obstructed'],
  ['clear', 'occupied'],
  ['free', 'occupied'],
  ['acceptable', 'unacceptable'],
  ['compliant', 'noncompliant'],
  ['stable', 'unstable'],
  ['safe', 'unsafe'],
  ['detected', 'undetected'],
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
  return shared >= short.length - allowed
}

/** Whether `condition` asks the opposite of `asked` ("not installed", "below" for "above"). */
function negates(condition: string, asked: string): boolean {
  const negated = NEGATION.test(condition) !== NEGATION.test(asked)
  const a = conditionWords(asked)
  const c = conditionWords(condition)
  // One antonym is enough ("declined" for "approved"); several pairs naming it must not cancel.
  const opposite = OPPOSITES.some(([x, y]) => {
    const sx = stem(x)
    const sy = stem(y)
    return (
      (a.includes(sx) && c.includes(sy) && !c.includes(sx)) ||
      (a.includes(sy) && c.includes(sx) && !c.includes(sy))
    )
  })
  // "fewer than 40 cycles have been completed" asks the opposite of "40 cycles have been completed".
  const fewer = (text: string) => /\b(?:fewer|less)\s+than\b/.test(text)
  const comparative =
    /\b(?:below|under|lower|smaller|less|fewer|greater|more|above|exceeds?|over|higher|larger|least|most)\b/
  const short =
    fewer(condition) !== fewer(asked) && !comparative.test(fewer(condition) ? asked : condition)
  return negated !== (opposite || short)
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

/** A step that stops the method: its branch goes to END. */
const ABORTS =
  /^(?:ABORT|TERMINAT|HALT|CANCEL)\w*\b|\b(?:IS|ARE)\s+(?:ABORTED|TERMINATED|HALTED|CANCELL?ED)\b/

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
  const jumps: {
    from: Exit[]
    target: StepRef
    at: number
    item: number
    fallback?: StepAction
  }[] = []
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

  const start = addElement('START', 'terminal')
  /** Exits of the main line (outside every open decision). */
  let open: Exit[] = [{ id: start }]
  /** Open decisions, innermost last. */
  const stack: Pending[] = []
  /** Where a decision placed now lives: inside this decision's branch, or on the main line. */
  let host: { pending: Pending; side: 'yes' | 'no' } | null = null

  const ask = (question: Question, exits: readonly Exit[], marker?: number): Pending => {
    const id = addElement(question.label, 'decision', question.numeral, marker, question.condition)
    link(exits, id)
    const pending: Pending = {
      id,
      label: question.label,
      condition: question.condition,
      yes: null,
      no: null,
      cursor: null,
      host: host?.pending ?? null,
      hostSide: host?.side ?? null,
    }
    stack.push(pending)
    return pending
  }

  /** The flow leaving a decision whose branches are done (an unsaid NO goes to END). */
  const exitsOf = (p: Pending): Exit[] => {
    const yes = p.yes ?? [{ id: p.id, label: 'YES' as const }]
    if (p.no) return [...yes, ...p.no]
    if (p.yes) return [...yes, { id: p.id, label: 'NO' }]
    toEnd.push({ id: p.id, label: 'NO' })
    warnings.push(
      `The prompt does not say what follows when "${p.label.replace(/\?$/, '')}" is not the case; its NO branch is drawn to END`,
    )
    return yes
  }

  /** Closes the innermost decision: its exits continue its host's branch, or the main line. */
  const closeTop = () => {
    const p = stack.pop()!
    const exits = exitsOf(p)
    if (p.host && p.hostSide && stack.includes(p.host)) {
      p.host[p.hostSide] = [...(p.host[p.hostSide] ?? []), ...exits]
    } else open = [...open, ...exits]
  }
  const closeAbove = (p: Pending) => {
    while (stack.length > 0 && stack[stack.length - 1] !== p) closeTop()
  }
  const closeAll = (): Exit[] => {
    while (stack.length > 0) closeTop()
    const exits = open
    open = []
    return exits
  }

  /** Draws `action` after `exits`; returns where the flow leaves it. Decisions are pushed. */
  const place = (action: StepAction, exits: Exit[], marker?: number): Exit[] => {
    switch (action.kind) {
      case 'box': {
        const again = action.numeral?.toUpperCase()
        if (
          again !== undefined &&
          numerals.has(again) &&
          !action.until &&
          !action.then &&
          GOES_ON.test(action.label)
        ) {
          // "the water supply continues (S1306)": a step's numeral written again goes back to it.
          jumps.push({
            from: exits,
            target: { numeral: action.numeral! },
            at: nodes.length,
            item: itemIndex,
          })
          return []
        }
        const id = addElement(action.label, 'step', action.numeral, marker)
        link(exits, id)
        if (action.then) {
          jumps.push({ from: [{ id }], target: action.then, at: nodes.length, item: itemIndex })
          return []
        }
        if (!action.until) return [{ id }]
        const check = addElement(action.until.label, 'decision', action.until.numeral)
        link([{ id }], check)
        links.add({ from: check, to: id, arrow: 'forward', label: 'NO' })
        return [{ id: check, label: 'YES' }]
      }
      case 'decision':
        ask(action.question, exits, marker)
        return []
      case 'jump': {
        if (!action.until) {
          jumps.push({
            from: exits,
            target: action.target,
            at: nodes.length,
            item: itemIndex,
            ...(action.fallback ? { fallback: action.fallback } : {}),
          })
          return []
        }
        const at = nodes.length
        const check = addElement(action.until.label, 'decision', action.until.numeral)
        link(exits, check)
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

  /** Places actions in a row after `exits` (inside `where` when given); returns the last exits. */
  const placeAll = (
    actions: readonly StepAction[],
    exits: Exit[],
    where: { pending: Pending; side: 'yes' | 'no' } | null,
    marker?: number,
  ): Exit[] => {
    let current = exits
    const saved = host
    host = where
    actions.forEach((action, k) => {
      const before = stack.length
      current = place(action, current, k === 0 ? marker : undefined)
      // After a decision in the row, the rest goes down its YES branch.
      if (stack.length > before && k < actions.length - 1) {
        const asked = stack[stack.length - 1]!
        asked.cursor = 'yes'
        asked.yes = []
        host = { pending: asked, side: 'yes' }
        current = [{ id: asked.id, label: 'YES' }]
      }
    })
    host = saved
    return current
  }

  /** Answers one side of `p` with `actions` (continuing that side if it already has steps). */
  const answer = (p: Pending, side: 'yes' | 'no', actions: readonly StepAction[]) => {
    closeAbove(p)
    const edge: Exit[] = [{ id: p.id, label: branchLabel(side) }]
    const from = p[side] && p[side]!.length > 0 ? p[side]! : edge
    p[side] = []
    p.cursor = side
    p[side] = placeAll(actions, from, { pending: p, side })
    // "aborting the handshake": a branch that aborts ends the method there.
    const last = actions[actions.length - 1]
    if (last?.kind === 'box' && ABORTS.test(last.label) && p[side]!.length > 0) {
      toEnd.push(...p[side]!)
      p[side] = []
    }
  }

  /** Whether a later item answers the other side of `p` before the flow moves on. */
  const otherSideAhead = (from: number, p: Pending): boolean => {
    if (!p.cursor) return false
    if (p[other(p.cursor)] !== null) return false
    // A bare "otherwise" answers the latest question: once another is asked, only a condition
    // that names p's question ("if the score is 700 or below") still answers it.
    let asked = false
    for (const item of items.slice(from + 1)) {
      if (item.kind === 'branch') {
        if (!asked && item.polarity !== p.cursor) return true
        continue
      }
      if (item.kind === 'if') {
        for (const q of [item.question, ...(item.also ?? [])]) {
          if (
            answers(q.condition, p.condition) &&
            polarityOf(q.condition, p.condition) !== p.cursor
          ) {
            return true
          }
        }
        asked = true
        continue
      }
      if (item.kind === 'ends' || item.kind === 'after') continue
      if (item.rejoin) return false
      if (item.actions.some((a) => a.kind === 'decision')) asked = true
    }
    return false
  }

  /** The innermost open decision `condition` answers. */
  const decisionFor = (condition: string): Pending | undefined => {
    for (let k = stack.length - 1; k >= 0; k--) {
      if (answers(condition, stack[k]!.condition)) return stack[k]
    }
    return undefined
  }

  /** Where the next step goes: down an open branch whose other side is still to come, or on. */
  const settle = (
    i: number,
    rejoin: boolean,
  ): { exits: Exit[]; where: { pending: Pending; side: 'yes' | 'no' } | null } => {
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!
      // A branch that jumped away or ended has no flow for a next step to continue.
      const open = top.cursor ? top[top.cursor] : null
      if (!rejoin && top.cursor && open && open.length > 0 && otherSideAhead(i, top)) {
        const side = top.cursor
        const exits = top[side] ?? []
        return { exits, where: { pending: top, side } }
      }
      closeTop()
    }
    const exits = open
    open = []
    return { exits, where: null }
  }

  const findNode = (ref: StepRef): StepNode | undefined => {
    if (ref.numeral === undefined) return undefined
    const n = ref.numeral.toUpperCase()
    return nodes.find((node) => node.numeral?.toUpperCase() === n)
  }

  /** Moves every exit leaving `id` (on the main line or in a branch) to END. */
  const endAfter = (id: string) => {
    const take = (list: Exit[] | null): Exit[] | null => {
      if (!list) return list
      const kept = list.filter((e) => e.id !== id)
      return kept
    }
    open = take(open) ?? []
    for (const p of stack) {
      p.yes = take(p.yes)
      p.no = take(p.no)
    }
    if (!toEnd.some((e) => e.id === id)) toEnd.push({ id })
  }

  items.forEach((item, i) => {
    itemIndex = i
    step(item, i)
    stepsAfter.push(nodes.length)
  })

  function step(item: StepItem, i: number): void {
    switch (item.kind) {
      case 'after':
        orders.push(item)
        return
      case 'ends':
        for (const ref of item.refs) {
          const node = findNode(ref)
          if (node) endAfter(node.id)
        }
        return
      case 'branch': {
        // "If not, ...; otherwise the method ends": a bare "otherwise" after the NO is the YES.
        const top = stack[stack.length - 1]
        const polarity =
          item.bare && top && top[item.polarity] !== null && top[other(item.polarity)] === null
            ? other(item.polarity)
            : item.polarity
        // The innermost decision this side of which is unsaid (or is the branch just taken).
        const p = [...stack].reverse().find((d) => d[polarity] === null) ?? stack[stack.length - 1]
        if (!p) {
          if (item.actions.length > 0) {
            const { exits, where } = settle(i, false)
            open = placeAll(item.actions, exits, where)
          }
          return
        }
        if (item.actions.length > 0) answer(p, polarity, item.actions)
        if (item.otherwise && item.otherwise.length > 0) answer(p, other(polarity), item.otherwise)
        return
      }
      case 'if': {
        const also = item.also ?? []
        if (also.length > 0) {
          // "If A, or if B, C": each condition's branch joins at C.
          const edges: Exit[] = []
          for (const q of [item.question, ...also]) {
            const d = decisionFor(q.condition)
            if (!d) continue
            const side = polarityOf(q.condition, d.condition)
            if (d[side] === null) {
              edges.push({ id: d.id, label: branchLabel(side) })
              d[side] = []
            } else if (d[side]!.length > 0) {
              edges.push(...d[side]!)
              d[side] = []
            }
          }
          if (edges.length > 0) {
            const { exits, where } = settle(i, true)
            open = placeAll(item.actions, [...exits, ...edges], where)
            return
          }
        }
        const d = decisionFor(item.question.condition)
        // "When a measurement report is received from the UE (step 902), ...", first: the event
        // the method starts with is its first step, numbered as written.
        if (!d && elements.length === 1 && item.question.numeral !== undefined && !item.otherwise) {
          const label = item.question.label.replace(/\?$/, '')
          const trigger: StepAction = { kind: 'box', label, numeral: item.question.numeral }
          open = placeAll([trigger, ...item.actions], open, null, item.marker)
          return
        }
        if (d) {
          const side = polarityOf(item.question.condition, d.condition)
          if (item.question.numeral !== undefined) {
            // "If the answer is yes (step 1206)" marks the decision itself when it has no numeral.
            const element = elements.find((e) => e.id === d.id)
            if (element && element.numeral === undefined && !numerals.has(item.question.numeral)) {
              element.numeral = item.question.numeral
              numerals.add(item.question.numeral.toUpperCase())
            }
          }
          if (item.actions.length > 0) answer(d, side, item.actions)
          else closeAbove(d)
          if (item.otherwise && item.otherwise.length > 0) answer(d, other(side), item.otherwise)
          return
        }
        // A claim's "in response to determining that ..." after one outcome is the other one.
        const top = stack[stack.length - 1]
        // "checks whether all segments of k-space have been acquired; if not, ... When k-space is
        // complete, ...": a condition on what the question asked, after its NO, is its YES.
        if (
          top &&
          top.no !== null &&
          top.yes === null &&
          !item.question.numeral &&
          !NEGATION.test(item.question.condition) &&
          conditionWords(item.question.condition).some((w) =>
            conditionWords(top.condition).includes(w),
          )
        ) {
          answer(top, 'yes', item.actions)
          return
        }
        if (item.response && top && top.yes !== null && top.no === null && !item.question.numeral) {
          answer(top, 'no', item.actions)
          return
        }
        const { exits, where } = settle(i, false)
        const saved = host
        host = where
        const p = ask(item.question, exits, item.marker)
        host = saved
        if (item.actions.length > 0) answer(p, 'yes', item.actions)
        if (item.otherwise && item.otherwise.length > 0) answer(p, 'no', item.otherwise)
        return
      }
      case 'do': {
        const { actions } = item
        const first = actions[0]
        if (!first) return
        const { exits, where } = settle(i, item.rejoin === true)
        const last = i === items.length - 1
        if (first.kind === 'jump' && !first.until && actions.length === 1 && !first.fallback) {
          // A plain jump is an extra edge; the flow still reaches the next step.
          place(first, exits)
          const rest = last ? [] : exits
          if (where) where.pending[where.side] = rest
          else open = rest
          return
        }
        const after = placeAll(actions, exits, where, item.marker)
        if (where) where.pending[where.side] = after
        else open = after
      }
    }
  }
  toEnd.push(...closeAll())

  const resolve = (ref: StepRef, at: number): string | undefined => {
    if (ref.start) return nodes[0]?.id
    if (ref.previous) return nodes[Math.max(0, at - 1)]?.id
    if (ref.condition !== undefined) {
      const asked = ref.condition
      const decisions = nodes.filter((n) => n.condition !== undefined)
      return (
        decisions.find(
          (n) => sameCondition(n.condition!, asked) && !negates(asked, n.condition!),
        ) ?? decisions.find((n) => answers(asked, n.condition!))
      )?.id
    }
    if (ref.numeral !== undefined) return findNode(ref)?.id
    if (ref.number !== undefined) {
      const n = ref.number
      return nodes.find((node) => node.marker === n)?.id
    }
    const words = (ref.words ?? []).map(stem).filter((w) => w.length >= 4)
    if (words.length === 0) return undefined
    const earlier = nodes.slice(0, at)
    if (ref.again) {
      // "the invoice is matched again": the earlier step sharing most of its words.
      let best: StepNode | undefined
      let bestShared = 0
      for (const node of earlier) {
        const shared = words.filter((w) => node.stems.some((s) => sameStem(s, w))).length
        if (shared > bestShared) {
          best = node
          bestShared = shared
        }
      }
      return bestShared >= Math.max(1, Math.ceil(words.length / 2)) ? best?.id : undefined
    }
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
    if (found === undefined && jump.fallback) {
      // "downloads the package again" with no earlier download: the step as written.
      const exits = place(jump.fallback, jump.from)
      const next = nodes[stepsAfter[jump.item] ?? nodes.length]
      if (next && next.id !== exits[0]?.id) link(exits, next.id)
      else toEnd.push(...exits)
      continue
    }
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
    if (label) {
      // "performed directly after step S1306 when X": that answer of S1306 goes to the step, so
      // the line the builder ran on from S1306 is its other answer, and nothing else is.
      const other = label === 'YES' ? 'NO' : 'YES'
      for (const l of links.links) {
        if (l.from === after.id && l.to !== step.id && l.label === label) l.label = other
      }
      const taken = new Set(links.links.filter((l) => l.from === after.id).map((l) => l.label))
      for (let k = toEnd.length - 1; k >= 0; k--) {
        const exit = toEnd[k]!
        if (exit.id === after.id && exit.label !== undefined && taken.has(exit.label)) {
          toEnd.splice(k, 1)
        }
      }
    }
  }
  if (toEnd.length > 0) link(toEnd, addElement('END', 'terminal'))
  return { elements, connections: links.links, warnings }
}
