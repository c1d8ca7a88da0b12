// Parses `pdfimages -list` (poppler-utils) for the node tests that check our PDFs.

/** One image as `pdfimages -list` reports it. */
export interface ListedImage {
  width: number
  height: number
  color: string
  bpc: number
  enc: string
  xppi: number
  yppi: number
}

/** The rows of `pdfimages -list` output, after its two header lines. */
export function parseImageList(stdout: string): ListedImage[] {
  return stdout
    .trim()
    .split('\n')
    .slice(2)
    .map((line) => {
      const c = line.trim().split(/\s+/)
      return {
        width: Number(c[3]),
        height: Number(c[4]),
        color: c[5]!,
        bpc: Number(c[7]),
        enc: c[8]!,
        xppi: Number(c[12]),
        yppi: Number(c[13]),
      }
    })
}
