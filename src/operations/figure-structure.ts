/**
 * generateFigure's `figure` field: the structure's rules as the request path needs them (the
 * request schema, its OpenAPI document), re-exported from the engine that owns them so that the
 * HTTP layer never imports an engine and the rules have one definition.
 */

export {
  ELEMENT_KINDS,
  FIGURE_KINDS,
  FIGURE_LABEL_PATTERN,
  type Figure,
  type FigureInput,
  figureStructureIssues,
  MAX_CONNECTION_LABEL_CHARS,
  MAX_FIGURE_CONNECTIONS,
  MAX_FIGURE_ELEMENTS,
  MAX_LABEL_CHARS,
  NUMERAL_PATTERN,
} from '../engines/figure/figure'
export { ObjectSceneSchema } from '../engines/object/object-scene'
