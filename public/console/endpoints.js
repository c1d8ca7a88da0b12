/**
 * The four paid endpoints as the try-it pages present them: their options (spec §4.2-4.5, with
 * the API's defaults first) and how the SDK names each call.
 */

/**
 * @typedef {object} Choice
 * @property {string} value  the value sent
 * @property {string} label  what the radio button says
 * @property {string} [hint]  one line under it
 */

/**
 * @typedef {object} Option
 * @property {string} name  the request field
 * @property {string} legend
 * @property {Choice[]} choices  the first one is the API's default
 * @property {boolean} [numeric]  sent as a JSON number (multipart sends text either way)
 */

/**
 * @typedef {object} Endpoint
 * @property {'figures' | 'vectorize' | 'enhance' | 'convert'} id
 * @property {string} title
 * @property {string} lead  one sentence under the title
 * @property {string} path  relative to /v1
 * @property {'prompt' | 'image'} input
 * @property {string} sdkMethod  e.g. "figures.create"
 * @property {string} submit  the submit button's label
 * @property {string} working  status while the request runs
 * @property {Option[]} options
 */

const DPI = {
  name: 'dpi',
  legend: 'Resolution',
  numeric: true,
  choices: [
    { value: '300', label: '300 DPI' },
    { value: '600', label: '600 DPI' },
  ],
}

/** @type {Record<Endpoint['id'], Endpoint>} */
export const ENDPOINTS = {
  figures: {
    id: 'figures',
    title: 'Figures',
    lead: 'Describe a system or a method; the drafter lays it out as a black-and-white patent figure.',
    path: '/figures',
    input: 'prompt',
    sdkMethod: 'figures.create',
    submit: 'Draw figure',
    working: 'Drawing the figure…',
    options: [
      {
        name: 'output',
        legend: 'Output',
        choices: [
          { value: 'png', label: 'PNG', hint: '1-bit, 2048 px, 300 DPI' },
          { value: 'svg', label: 'SVG', hint: 'Stroked line art' },
        ],
      },
    ],
  },
  vectorize: {
    id: 'vectorize',
    title: 'Vectorize',
    lead: 'Turn a scan or a sketch into vector line art for CAD or a filing.',
    path: '/vectorize',
    input: 'image',
    sdkMethod: 'vectorize',
    submit: 'Vectorize',
    working: 'Tracing the image…',
    options: [
      {
        name: 'engine',
        legend: 'Engine',
        choices: [
          { value: 'lineart', label: 'Line art', hint: 'Redrawn as single strokes' },
          { value: 'trace', label: 'Trace', hint: 'Faithful outlines, fills kept' },
        ],
      },
      {
        name: 'format',
        legend: 'Format',
        choices: [
          { value: 'svg', label: 'SVG' },
          { value: 'dxf', label: 'DXF' },
          { value: 'pdf', label: 'PDF' },
        ],
      },
    ],
  },
  enhance: {
    id: 'enhance',
    title: 'Enhance',
    lead: 'Upscale a small or blurry image: line art redrawn crisp, photos by super-resolution.',
    path: '/enhance',
    input: 'image',
    sdkMethod: 'enhance',
    submit: 'Enhance',
    working: 'Upscaling the image…',
    options: [
      {
        name: 'scale',
        legend: 'Scale',
        numeric: true,
        choices: [
          { value: '2', label: '2×' },
          { value: '4', label: '4×' },
        ],
      },
      { ...DPI, legend: 'Density stamped' },
      {
        name: 'mode',
        legend: 'Output',
        choices: [
          { value: 'auto', label: 'Auto', hint: 'Line art redrawn; colour kept' },
          { value: 'bilevel', label: 'Black & white', hint: '1-bit line art' },
          { value: 'gray', label: 'Gray', hint: '8-bit gray' },
        ],
      },
    ],
  },
  convert: {
    id: 'convert',
    title: 'Convert',
    lead: 'Export a filing-ready PNG, TIFF or PDF at 300 or 600 DPI, flattened onto white.',
    path: '/convert',
    input: 'image',
    sdkMethod: 'convert',
    submit: 'Convert',
    working: 'Converting…',
    options: [
      {
        name: 'format',
        legend: 'Format',
        choices: [
          { value: 'png', label: 'PNG' },
          { value: 'tiff', label: 'TIFF', hint: 'CCITT G4 for line art' },
          { value: 'pdf', label: 'PDF', hint: 'A4 or Letter page' },
        ],
      },
      DPI,
    ],
  },
}
