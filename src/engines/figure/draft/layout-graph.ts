/**
 * Drafter stage 2: the parts placed and the links routed by ELK's layered algorithm (elkjs, the
 * Eclipse Layout Kernel compiled to JavaScript; chosen over dagre by `npm run bench -- layout`:
 * no crossings on the nested system, 23 % more compact, orthogonal edges). Parts inside parts are
 * laid out hierarchically (containers grow around their children, their title band on top);
 * flowchart nodes get fixed ports, so the flow enters at the top centre, leaves at the bottom
 * centre, a decision's second branch leaves from its right vertex and a loop re-enters a step
 * from its left side. In a block diagram, links out of one part that carry one signal name leave
 * it through one port, so they share a trunk that is named once.
 */

import ELK from 'elkjs/lib/elk.bundled.js'
import type { Point } from '../../vector'
import type { Figure, FigureConnection } from '../figure'
import type { Rect } from '../scene'
import { FONT_PX } from '../sheet'
import type { SizedPart } from './size-parts'

/** A part where the layout put it, sheet px (origin: the layout's top left). */
export interface PlacedPart extends SizedPart {
  rect: Rect
}

/** A link as a polyline from its source's outline to its target's. */
export interface RoutedLink {
  link: FigureConnection
  points: Point[]
  /** Where the layout made room for the link's label (its text box), when it has one. */
  labelBox?: Rect
  /**
   * The links (indices, figure order) that leave its source through one port with the same name,
   * itself among them, when it shares a trunk: the first one's label names them all.
   */
  trunk?: number[]
}

export interface GraphLayout {
  parts: Map<string, PlacedPart>
  links: RoutedLink[]
  width: number
  height: number
}

/** Spacing knobs, sheet px. */
export interface LayoutSpacing {
  /** Between neighbouring parts in one layer (room for numerals when labeled). */
  node: number
  /** Between layers. */
  layer: number
  /** Inside a container, around its children. */
  padding: number
}

export interface LayoutOptions {
  direction: 'DOWN' | 'RIGHT'
  spacing: LayoutSpacing
  /** ELK's node placement: network simplex (compact) or Brandes-Köpf (straighter flows). */
  placement?: 'NETWORK_SIMPLEX' | 'BRANDES_KOEPF'
  /**
   * Links (indices) whose labels found no free place beside the tail: ELK keeps room for them in
   * the middle of the link instead (a trunk's: in the middle of its first link).
   */
  centerLabels?: ReadonlySet<number>
  /** Links (indices) that share no trunk, each named on its own. */
  apart?: ReadonlySet<number>
}

interface ElkPort {
  id: string
  x: number
  y: number
  width: number
  height: number
  layoutOptions: Record<string, string>
}

interface ElkNode {
  id: string
  x?: number
  y?: number
  width?: number
  height?: number
  layoutOptions?: Record<string, string>
  ports?: ElkPort[]
  children?: ElkNode[]
  edges?: ElkEdge[]
}

interface ElkLabel {
  id: string
  text: string
  width: number
  height: number
  x?: number
  y?: number
  layoutOptions?: Record<string, string>
}

interface ElkEdge {
  id: string
  sources: string[]
  targets: string[]
  labels?: ElkLabel[]
  sections?: { startPoint: Point; endPoint: Point; bendPoints?: Point[] }[]
}

let elk: InstanceType<typeof ELK> | null = null

/** Room a container's title needs beside it, px (its inset on the left, a gap on the right). */
export const TITLE_SIDES = 1.2 * FONT_PX

/** Room per link along a hub's side, px: an arrowhead's width and a gap. */
const HUB_SPACING = 40

/** Lays `sized` parts and the spec's links out (see the module header). */
export async function layoutGraph(
  figure: Figure,
  sized: Map<string, SizedPart>,
  options: LayoutOptions,
  /** Width and height of a link label's text box, px (room is reserved next to the link's tail). */
  labelSize?: (label: string) => { width: number; height: number },
): Promise<GraphLayout> {
  elk ??= new ELK()
  const { spacing, direction } = options
  const method = figure.kind === 'flowchart'
  const order = new Map(figure.elements.map((e, i) => [e.id, i]))

  // ELK reads spacing from the node whose children it lays out, so containers repeat it.
  const spacingOptions = {
    'elk.spacing.nodeNode': String(spacing.node),
    'elk.layered.spacing.nodeNodeBetweenLayers': String(spacing.layer),
    'elk.spacing.edgeNode': String(Math.round(spacing.node * 0.45)),
    'elk.spacing.edgeEdge': String(Math.round(spacing.node * 0.3)),
    'elk.layered.spacing.edgeNodeBetweenLayers': String(Math.round(spacing.layer * 0.4)),
    'elk.layered.spacing.edgeEdgeBetweenLayers': String(Math.round(spacing.layer * 0.25)),
  }
  // A hub with many links needs a side long enough for each to arrive at its own point.
  const degree = new Map<string, number>()
  for (const link of figure.connections) {
    degree.set(link.from, (degree.get(link.from) ?? 0) + 1)
    degree.set(link.to, (degree.get(link.to) ?? 0) + 1)
  }
  const nodes = new Map<string, ElkNode>()
  for (const part of figure.elements) {
    const s = sized.get(part.id)!
    const node: ElkNode = { id: part.id }
    if (s.container) {
      node.children = []
      // Wide enough for its title, which sits inside at the top (beside its parts: high
      // enough); a container inside another only for the title's widest word, since the drafter
      // re-wraps a title wider than its container (fit-titles.ts), which keeps it compact. ELK
      // 0.12 reads a minimum size with its axes swapped when the layout runs down the page, so
      // it is given swapped there.
      const title = part.parent ? (s.wordWidth ?? s.textWidth) : s.textWidth
      const [minWidth, minHeight] = [
        Math.ceil(title + TITLE_SIDES),
        s.titleHeight + 2 * spacing.padding,
      ]
      const minimum =
        direction === 'DOWN' ? `(${minHeight}, ${minWidth})` : `(${minWidth}, ${minHeight})`
      const band = s.titleHeight + spacing.padding * 0.6
      const padding = { top: band, left: spacing.padding, bottom: spacing.padding }
      if (s.titleBelow) Object.assign(padding, { top: spacing.padding, bottom: band })
      if (s.titleBeside) {
        Object.assign(padding, { top: spacing.padding, left: Math.ceil(s.textWidth + TITLE_SIDES) })
      }
      node.layoutOptions = {
        ...spacingOptions,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': minimum,
        'elk.padding': `[top=${padding.top},left=${padding.left},bottom=${padding.bottom},right=${spacing.padding}]`,
      }
    } else {
      const links = s.connector === undefined ? (degree.get(part.id) ?? 0) : 0
      const side = links > 3 ? (links + 1) * HUB_SPACING : 0
      node.width = direction === 'DOWN' && !method ? Math.max(s.width, side) : s.width
      node.height = direction === 'RIGHT' && !method ? Math.max(s.height, side) : s.height
      // An off-page connector takes its links at one point of its circle, however many: spread
      // along a side, as ELK spreads them on a box, they would miss the circle.
      if (method || s.connector !== undefined) {
        node.ports = flowPorts(part.id, s.width, s.height)
        node.layoutOptions = { 'elk.portConstraints': 'FIXED_POS' }
      }
      // A block diagram's connectors go before everything they lead into and after everything
      // that leads to them: left to themselves, ELK set them all below a container they cross
      // into, and the links into the container went round it to come in at the top.
      if (!method && s.connector !== undefined) {
        const leads = figure.connections.some((c) => c.from === part.id)
        node.layoutOptions = {
          ...node.layoutOptions,
          'elk.layered.layering.layerConstraint': leads ? 'FIRST' : 'LAST',
        }
      }
    }
    nodes.set(part.id, node)
  }
  const root: ElkNode = {
    id: '__root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': direction,
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      ...spacingOptions,
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      // A loop back to an earlier step is the edge to reverse, not a step of the main flow.
      'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
      'elk.layered.nodePlacement.strategy': options.placement ?? 'NETWORK_SIMPLEX',
      'elk.layered.nodePlacement.bk.fixedAlignment': 'BALANCED',
      'elk.padding': '[top=0,left=0,bottom=0,right=0]',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
    },
    children: [],
    edges: [],
  }
  for (const part of figure.elements) {
    const parent = part.parent ? nodes.get(part.parent)! : root
    parent.children!.push(nodes.get(part.id)!)
  }
  // Links out of one part that carry one signal name leave it through one port, so they share a
  // trunk the name is written beside once (draw-parts.ts).
  const trunks = method ? [] : sharedTrunks(figure, sized, options.apart)
  const trunkOf = new Map<number, number[]>()
  for (const [k, members] of trunks.entries()) {
    const from = figure.connections[members[0]!]!.from
    const node = nodes.get(from)!
    node.ports ??= []
    node.ports.push({ id: `${from}:t${k}`, x: 0, y: 0, width: 0, height: 0, layoutOptions: {} })
    for (const i of members) trunkOf.set(i, members)
  }
  // Which outgoing link of a decision is its second branch (leaves from the right vertex).
  const outgoing = new Map<string, number>()
  root.edges = figure.connections.map((link, i) => {
    let source = link.from
    let target = link.to
    if (method) {
      const from = sized.get(link.from)!.element
      const n = outgoing.get(link.from) ?? 0
      outgoing.set(link.from, n + 1)
      // YES continues down the main flow; NO (or, unlabelled, the second branch) leaves sideways.
      const label = link.label?.toUpperCase()
      const branch = from.kind === 'decision' && (label === 'NO' || (label !== 'YES' && n > 0))
      source = `${link.from}:${branch ? 'e' : 's'}`
      const back = order.get(link.to)! < order.get(link.from)!
      target = `${link.to}:${back ? 'w' : 'n'}`
    } else {
      // Into a connector on the side the flow arrives from, out of it on the side it leaves by.
      if (sized.get(link.from)!.connector !== undefined) {
        source = `${link.from}:${direction === 'DOWN' ? 's' : 'e'}`
      } else if (trunkOf.has(i)) {
        source = `${link.from}:t${trunks.indexOf(trunkOf.get(i)!)}`
      }
      if (sized.get(link.to)!.connector !== undefined) {
        target = `${link.to}:${direction === 'DOWN' ? 'n' : 'w'}`
      }
    }
    const edge: ElkEdge = { id: `e${i}`, sources: [source], targets: [target] }
    // A trunk's name is written once, by its first link.
    const first = (trunkOf.get(i)?.[0] ?? i) === i
    if (link.label && labelSize && first) {
      const { width, height } = labelSize(link.label)
      // Beside the tail, where a signal's name reads as leaving its part; in the middle when the
      // drafter found no free place there, which makes ELK keep room for it between layers.
      const placement = options.centerLabels?.has(i) ? 'CENTER' : 'TAIL'
      edge.labels = [
        {
          id: `e${i}l`,
          text: link.label,
          width,
          height,
          layoutOptions: {
            'elk.edgeLabels.placement': placement,
            'elk.edgeLabels.inline': 'false',
          },
        },
      ]
    }
    return edge
  })

  const out = (await elk.layout(root as never)) as unknown as ElkNode
  const parts = new Map<string, PlacedPart>()
  const walk = (node: ElkNode) => {
    for (const child of node.children ?? []) {
      const rect = {
        x: child.x ?? 0,
        y: child.y ?? 0,
        width: child.width ?? 0,
        height: child.height ?? 0,
      }
      const s = sized.get(child.id)!
      parts.set(child.id, { ...s, rect })
      walk(child)
    }
  }
  walk(out)
  const routes: Point[][] = []
  const labelBoxes: (Rect | undefined)[] = []
  const collect = (node: ElkNode) => {
    for (const edge of node.edges ?? []) {
      const label = edge.labels?.[0]
      if (label?.x !== undefined && label.y !== undefined) {
        labelBoxes[Number(edge.id.slice(1))] = {
          x: label.x,
          y: label.y,
          width: label.width,
          height: label.height,
        }
      }
      const points: Point[] = []
      for (const section of edge.sections ?? []) {
        const run = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]
        for (const p of run) {
          const last = points[points.length - 1]
          if (!last || Math.abs(last.x - p.x) > 0.01 || Math.abs(last.y - p.y) > 0.01) {
            points.push({ x: p.x, y: p.y })
          }
        }
      }
      routes[Number(edge.id.slice(1))] = points
    }
    for (const child of node.children ?? []) collect(child)
  }
  collect(out)
  const links = figure.connections.map((link, i) => {
    const labelBox = labelBoxes[i]
    const trunk = trunkOf.get(i)
    return {
      link,
      points: routes[i] ?? [],
      ...(labelBox ? { labelBox } : {}),
      ...(trunk ? { trunk } : {}),
    }
  })
  return { parts, links, width: out.width ?? 0, height: out.height ?? 0 }
}

/**
 * Fixed ports of a flowchart node: in at the top centre, out at the bottom centre, a second
 * branch out at the right middle (a decision's right vertex), loops in at the left middle.
 */
function flowPorts(id: string, width: number, height: number): ElkPort[] {
  const port = (side: string, name: string, x: number, y: number) => ({
    id: `${id}:${side}`,
    x,
    y,
    width: 0,
    height: 0,
    layoutOptions: { 'elk.port.side': name },
  })
  return [
    port('n', 'NORTH', width / 2, 0),
    port('s', 'SOUTH', width / 2, height),
    port('e', 'EAST', width, height / 2),
    port('w', 'WEST', 0, height / 2),
  ]
}

/**
 * Links out of one part with one signal name and one kind of arrow, two or more of them, in
 * figure order: each set shares a trunk. Not out of an off-page connector (its links already
 * leave at one point), nor links in `apart`.
 */
export function sharedTrunks(
  figure: Figure,
  sized: Map<string, SizedPart>,
  apart: ReadonlySet<number> = new Set(),
): number[][] {
  const groups = new Map<string, number[]>()
  for (const [i, link] of figure.connections.entries()) {
    if (!link.label || sized.get(link.from)?.connector !== undefined) continue
    const key = JSON.stringify([link.from, link.label, link.arrow])
    groups.set(key, [...(groups.get(key) ?? []), i])
  }
  return [...groups.values()].filter(
    (members) => members.length > 1 && !members.some((i) => apart.has(i)),
  )
}
