/** The text of `figapi help` and `figapi help <command>`. */

import { DEFAULT_BASE_URL } from './config'
import { EXIT_CODE_HELP } from './exit-codes'
import { PRICES } from './pricing'

const GLOBAL = `Options for every command:
  --key KEY         API key (else FIGAPI_KEY, else the config file from figapi login)
  --base-url URL    service address (else FIGAPI_BASE_URL, else the config file, else ${DEFAULT_BASE_URL})
  --json            machine-readable results on stdout, no progress
  -h, --help        help for the command`

const INPUTS = `Inputs: files, folders (their PNG/JPEG/WebP/TIFF files; -r for sub-folders), globs
("scans/**/*.png", quoted so the shell leaves them), and http(s) URLs (the API fetches them).
Folders and globs skip hidden files and figapi's own outputs (*.600dpi.tif, *.lineart.svg, *.x4.png).
Each result is saved next to its input as NAME.SUFFIX.EXT; an input is never overwritten.
  -o, --output FILE     the output file (one input only)
  --out-dir DIR         save outputs under DIR (keeping their paths below the folder or glob)
  --concurrency N       requests in flight, 1-16 (default 2)
  -r, --recursive       look in sub-folders of folder inputs
  --no-check            skip the balance check before the batch (the API still answers 402)
Before the batch its cost is compared with the balance (GET /credits); nothing is sent if it is short.`

export const COMMAND_HELP: Record<string, string> = {
  convert: `figapi convert INPUT... [--format png|tiff|pdf] [--dpi 300|600] [--mode auto|bilevel|gray] [--page a4|letter]

Filing-ready raster files. Output: NAME.300dpi.png, NAME.600dpi.tif, NAME.300dpi.pdf, ...
  -f, --format   png (default), tiff or pdf; -o out.tif alone implies tiff
  --dpi          300 (default, 2K preset) or 600 (4K preset)
  --mode         auto (default), bilevel (1-bit) or gray
  --page         a4 (default) or letter, PDF only
Price: ${PRICES.convertImage[300]} credit at 300 DPI, ${PRICES.convertImage[600]} at 600 DPI.

${INPUTS}

Example: figapi convert drawing.png --format tiff --dpi 600 -o out.tif`,
  vectorize: `figapi vectorize INPUT... [--engine lineart|trace] [--format svg|dxf|pdf] [--page a4|letter]

Raster to vector. Output: NAME.lineart.svg, NAME.trace.dxf, ...
  -e, --engine   lineart (default, single-stroke centerlines) or trace (filled outlines)
  -f, --format   svg (default), dxf or pdf
  --page         a4 or letter: the PDF on a filing sheet (default: the drawing's size)
Price: ${PRICES.vectorizeImage} credits.

${INPUTS}

Example: figapi vectorize sketch.jpg --engine lineart --format dxf`,
  enhance: `figapi enhance INPUT... [--scale 2|4] [--dpi 300|600] [--mode auto|bilevel|gray]

Upscaling to PNG: line art redrawn at the new size, photos by super-resolution.
Output: NAME.x2.png or NAME.x4.png
  -s, --scale    2 (default) or 4
  --dpi          300 (default) or 600, stamped in the PNG
  --mode         auto (default: black-and-white stays 1-bit, gray stays gray, colour stays
                 colour), bilevel (1-bit line art) or gray
Price: ${PRICES.enhanceImage[2]} credits at x2, ${PRICES.enhanceImage[4]} at x4.

${INPUTS}

Example: figapi enhance scan.png --scale 4 --dpi 600`,
  figure: `figapi figure ["PROMPT"] [--from FILE] [--labeled] [--svg] [--ref URL|FILE]... [-o FILE | --out-dir DIR] [--structure FILE]

A patent figure from a prompt, a structure file, reference images (up to 4), or a prompt with
either. PROMPT "-" reads stdin. Saved as figure.png / figure.svg (figure-2.svg, ... when taken) or
at -o; a figure continued over several sheets is saved one file per sheet, named after each
sheet's legend (FIG. 2A, FIG. 2B -> fig2-A.png, fig2-B.png for -o fig2.png) and listed.
  -l, --labeled      reference numerals with lead lines (listed after the file name)
  --svg              stroke-only SVG instead of a 1-bit PNG
  --ref URL|FILE     a reference image to draw from: a public URL, or a file here that is
                     uploaded (repeat up to 4 times; URLs or files, not both)
  --from FILE        draw the structure in FILE (JSON, as --structure writes it), exactly as
                     written; with a PROMPT too, what the prompt does not say is warned about
  --structure FILE   save the structure drawn (elements, numerals, connections) as JSON, to
                     correct and send back with --from
  --no-check         skip the balance check before the request (the API still answers 402)
Warnings (drawing rules not fully met, inputs not used) go to stderr.
Price: ${PRICES.generateFigure.png} credits for PNG, ${PRICES.generateFigure.svg} for SVG.

Examples:
  figapi figure "A system 100 comprising a processor 102 coupled to a memory 104." --labeled --svg
  figapi figure "A method 200 comprising: ..." --labeled -o fig2.png --structure fig2.json
  figapi figure --from fig2.json --labeled -o fig2.png     # after editing fig2.json`,
  credits: `figapi credits

Prints the credit balance.`,
  keys: `figapi keys create [--name NAME] | list | revoke ID

The account's API keys. create prints the new key on stdout (shown once only; notes go to
stderr, so KEY=$(figapi keys create --name ci) works); list shows prefix, name, created and last
used; revoke stops a key at once (its next request gets 401).`,
  login: `figapi login [--key KEY] [--base-url URL]

Checks the key (GET /credits) and stores it with the base URL in
$XDG_CONFIG_HOME/figapi/config.json (else ~/.config/figapi/config.json), readable by you only
(mode 0600). Without --key it asks for the key (or reads it from a pipe).
figapi logout deletes that file.`,
  logout: `figapi logout

Deletes the config file figapi login wrote.`,
}

/** The overview: commands, where the key comes from, exit codes. */
export const OVERVIEW = `figapi: the Figure API from the command line

Commands:
  figapi convert INPUT... [--format png|tiff|pdf] [--dpi 300|600]     filing-ready PNG/TIFF/PDF
  figapi vectorize INPUT... [--engine lineart|trace] [--format svg|dxf|pdf] [--page P]
  figapi enhance INPUT... [--scale 2|4] [--dpi 300|600] [--mode M]    upscaled PNG
  figapi figure "PROMPT" [--from FILE] [--ref REF]... [--labeled]     a patent figure
  figapi credits                                                      the balance
  figapi keys create [--name NAME] | list | revoke ID                 API keys
  figapi login [--key KEY] | logout                                   store or forget the key
  figapi help [COMMAND]                                               this text, or a command's
  figapi --version

${GLOBAL}

The key: --key, else FIGAPI_KEY, else figapi login's config file.
The service: --base-url, else FIGAPI_BASE_URL, else the config file, else ${DEFAULT_BASE_URL}
(the local service from npm run dev).

${EXIT_CODE_HELP}`

/** Help for one command (with the options every command takes and the exit codes), or the overview. */
export function helpText(command?: string): string | undefined {
  if (command === undefined) return OVERVIEW
  const text = COMMAND_HELP[command]
  return text === undefined ? undefined : `${text}\n\n${GLOBAL}\n\n${EXIT_CODE_HELP}`
}
