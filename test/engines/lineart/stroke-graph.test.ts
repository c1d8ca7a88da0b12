// The typed-array stroke graph's points store (src/engines/lineart/stroke-graph.ts): joins and
// trims leave dead runs behind, which a compaction reclaims before the array grows; every live
// edge must keep exactly its points through it.
import { describe, expect, it } from 'vitest'
import { StrokeGraph } from '../../../src/engines/lineart/stroke-graph'

const pointsOf = (graph: StrokeGraph, id: number) =>
  Array.from(
    graph.points.subarray(graph.pointsAt[id]!, graph.pointsAt[id]! + graph.pointsLength[id]!),
  )

describe('StrokeGraph points', () => {
  it('keeps every edge its points through joins, trims and the compactions they cause', () => {
    const graph = new StrokeGraph()
    const expected: number[][] = []
    const edges = 60
    for (let n = 0; n <= edges; n++) graph.addNode(n, 0, 1)
    for (let e = 0; e < edges; e++) {
      // Edge e runs from node e to node e + 1 through 20 points, the first and last shared.
      const floats = 40
      const id = graph.addEdge(e, e + 1, floats, false)
      const values: number[] = []
      for (let k = 0; k < 20; k++) values.push(e + k / 19, e * 100 + k)
      graph.points.set(values, graph.pointsAt[id]!)
      expected.push(values)
    }
    let reserved = edges * 40
    // Join every odd edge onto the even one before it (as prune does through a degree-2 node),
    // then trim two points off the start of the even ones (as the junction stage does).
    for (let e = 0; e + 1 < edges; e += 2) {
      graph.joinPoints(e, e + 1)
      graph.dropPoints(e + 1)
      expected[e] = [...expected[e]!, ...expected[e + 1]!.slice(2)]
      expected[e + 1] = []
      reserved += expected[e]!.length
      graph.narrowPoints(e, 4, expected[e]!.length - 4)
      expected[e] = expected[e]!.slice(4)
    }
    // Then grow edge 0 by joining the others onto it one by one: each join leaves its old run dead.
    for (let e = 2; e < edges; e += 2) {
      graph.joinPoints(0, e)
      graph.dropPoints(e)
      expected[0] = [...expected[0]!, ...expected[e]!.slice(2)]
      expected[e] = []
      reserved += expected[0]!.length
    }
    for (let e = 0; e < edges; e++) {
      expect(pointsOf(graph, e)).toEqual(expected[e]!.map((v) => Math.fround(v)))
    }
    // The dead runs were reclaimed: the array is far smaller than everything ever reserved.
    expect(reserved).toBeGreaterThan(4 * graph.points.length)
  })

  it('reverses an edge in place, its ends swapped', () => {
    const graph = new StrokeGraph()
    graph.addNode(0, 0, 1)
    graph.addNode(3, 0, 1)
    const id = graph.addEdge(0, 1, 8, false)
    graph.points.set([0, 0, 1, 0.5, 2, 0.25, 3, 0], graph.pointsAt[id]!)
    graph.reverseEdge(id)
    expect(pointsOf(graph, id)).toEqual([3, 0, 2, 0.25, 1, 0.5, 0, 0])
    expect([graph.edgeA[id], graph.edgeB[id]]).toEqual([1, 0])
  })
})
