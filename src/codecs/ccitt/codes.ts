/**
 * CCITT fax code tables (ITU-T T.4 Tables 1-4, shared by T.6) for the TIFF fax codecs, as the
 * encoder's code/length arrays and the decoder's direct lookup tables.
 */

// ---------------------------------------------------------------------------------------------
// ITU-T T.4 §4.1.1 Tables 1/T.4 (terminating codes), 2/T.4 (make-up codes), 3/T.4 (extended
// make-up codes, both colours) and §4.2.1.3.3 Table 4/T.4 (two-dimensional mode codes).
// Written as bit strings exactly as the tables print them; everything else is derived.
// ---------------------------------------------------------------------------------------------

/** Terminating codes for white runs 0..63 (Table 1/T.4). */
// biome-ignore format: kept in the table's own layout
const WHITE_TERMINATING = [
  '00110101', '000111', '0111', '1000', '1011', '1100', '1110', '1111',
  '10011', '10100', '00111', '01000', '001000', '000011', '110100', '110101',
  '101010', '101011', '0100111', '0001100', '0001000', '0010111', '0000011', '0000100',
  '0101000', '0101011', '0010011', '0100100', '0011000', '00000010', '00000011', '00011010',
  '00011011', '00010010', '00010011', '00010100', '00010101', '00010110', '00010111', '00101000',
  '00101001', '00101010', '00101011', '00101100', '00101101', '00000100', '00000101', '00001010',
  '00001011', '01010010', '01010011', '01010100', '01010101', '00100100', '00100101', '01011000',
  '01011001', '01011010', '01011011', '01001010', '01001011', '00110010', '00110011', '00110100',
]

/** Terminating codes for black runs 0..63 (Table 1/T.4). */
// biome-ignore format: kept in the table's own layout
const BLACK_TERMINATING = [
  '0000110111', '010', '11', '10', '011', '0011', '0010', '00011',
  '000101', '000100', '0000100', '0000101', '0000111', '00000100', '00000111', '000011000',
  '0000010111', '0000011000', '0000001000', '00001100111', '00001101000', '00001101100',
  '00000110111', '00000101000', '00000010111', '00000011000', '000011001010', '000011001011',
  '000011001100', '000011001101', '000001101000', '000001101001', '000001101010',
  '000001101011', '000011010010', '000011010011', '000011010100', '000011010101',
  '000011010110', '000011010111', '000001101100', '000001101101', '000011011010',
  '000011011011', '000001010100', '000001010101', '000001010110', '000001010111',
  '000001100100', '000001100101', '000001010010', '000001010011', '000000100100',
  '000000110111', '000000111000', '000000100111', '000000101000', '000001011000',
  '000001011001', '000000101011', '000000101100', '000001011010', '000001100110',
  '000001100111',
]

/** Make-up codes for white runs 64, 128, ..., 1728 (Table 2/T.4). */
// biome-ignore format: kept in the table's own layout
const WHITE_MAKEUP = [
  '11011', '10010', '010111', '0110111', '00110110', '00110111', '01100100', '01100101',
  '01101000', '01100111', '011001100', '011001101', '011010010', '011010011', '011010100',
  '011010101', '011010110', '011010111', '011011000', '011011001', '011011010', '011011011',
  '010011000', '010011001', '010011010', '011000', '010011011',
]

/** Make-up codes for black runs 64, 128, ..., 1728 (Table 2/T.4). */
// biome-ignore format: kept in the table's own layout
const BLACK_MAKEUP = [
  '0000001111', '000011001000', '000011001001', '000001011011', '000000110011', '000000110100',
  '000000110101', '0000001101100', '0000001101101', '0000001001010', '0000001001011',
  '0000001001100', '0000001001101', '0000001110010', '0000001110011', '0000001110100',
  '0000001110101', '0000001110110', '0000001110111', '0000001010010', '0000001010011',
  '0000001010100', '0000001010101', '0000001011010', '0000001011011', '0000001100100',
  '0000001100101',
]

/** Extended make-up codes for runs 1792, 1856, ..., 2560 of either colour (Table 3/T.4). */
// biome-ignore format: kept in the table's own layout
const EXTENDED_MAKEUP = [
  '00000001000', '00000001100', '00000001101', '000000010010', '000000010011', '000000010100',
  '000000010101', '000000010110', '000000010111', '000000011100', '000000011101', '000000011110',
  '000000011111',
]

/** End of line (T.4 §4.1.2): eleven 0s and a 1. */
export const EOL_CODE = 0b000000000001
export const EOL_BITS = 12

/** Longest make-up run; longer runs chain several 2560 codes (T.4 §4.1.1). */
export const MAX_MAKEUP_RUN = 2560

/** Two-dimensional coding modes (Table 4/T.4), as decoded from the mode table. */
export const Mode = {
  Pass: 1,
  Horizontal: 2,
  /** V0; VR1..VR3 are Vertical + 1..3 and VL1..VL3 are Vertical - 1..3 */
  Vertical: 6,
  /** 0000001xxx: the extension codes, of which only uncompressed mode (111) is defined */
  Extension: 10,
} as const

/** Mode codes (Table 4/T.4) with the value the mode table stores for each. */
const MODE_CODES: ReadonlyArray<readonly [string, number]> = [
  ['0001', Mode.Pass],
  ['001', Mode.Horizontal],
  ['1', Mode.Vertical],
  ['011', Mode.Vertical + 1],
  ['000011', Mode.Vertical + 2],
  ['0000011', Mode.Vertical + 3],
  ['010', Mode.Vertical - 1],
  ['000010', Mode.Vertical - 2],
  ['0000010', Mode.Vertical - 3],
  ['0000001', Mode.Extension],
]

/** Mode code and length for each mode value, for the encoder. */
export const MODE_CODE = new Uint16Array(16)
export const MODE_BITS = new Uint8Array(16)
for (const [code, mode] of MODE_CODES) {
  MODE_CODE[mode] = Number.parseInt(code, 2)
  MODE_BITS[mode] = code.length
}

// ---------------------------------------------------------------------------------------------
// Encoder tables: code and length by run, indexed 0..63 for terminating codes and 64 + n for
// the make-up code of run 64 * (n + 1), n = 0..39 (up to 2560).
// ---------------------------------------------------------------------------------------------

function encoderTable(terminating: string[], makeup: string[]): [Uint16Array, Uint8Array] {
  const all = [...terminating, ...makeup, ...EXTENDED_MAKEUP]
  const codes = new Uint16Array(all.length)
  const lengths = new Uint8Array(all.length)
  all.forEach((code, i) => {
    codes[i] = Number.parseInt(code, 2)
    lengths[i] = code.length
  })
  return [codes, lengths]
}

/** White run codes and lengths (see the index scheme above). */
export const [WHITE_CODE, WHITE_BITS] = encoderTable(WHITE_TERMINATING, WHITE_MAKEUP)
/** Black run codes and lengths (see the index scheme above). */
export const [BLACK_CODE, BLACK_BITS] = encoderTable(BLACK_TERMINATING, BLACK_MAKEUP)

// ---------------------------------------------------------------------------------------------
// Decoder tables: index with the next WHITE_PEEK_BITS / BLACK_PEEK_BITS / MODE_PEEK_BITS bits
// (zero-padded on the right); each entry is `(run << 4) | codeLength`, 0 for an invalid
// prefix. The EOL entry has run EOL_RUN. One lookup per code, no bit-by-bit tree walk.
// ---------------------------------------------------------------------------------------------

/** Bits peeked per white code (the longest white code, and EOL, are 12 bits). */
export const WHITE_PEEK_BITS = 12
/** Bits peeked per black code (the longest black codes are 13 bits). */
export const BLACK_PEEK_BITS = 13
/** Bits peeked per mode code (the longest mode codes are 7 bits). */
export const MODE_PEEK_BITS = 7
/** The run value a decoder table gives for EOL. */
export const EOL_RUN = 4095

function decoderTable(codes: Uint16Array, lengths: Uint8Array, peekBits: number): Int32Array {
  const table = new Int32Array(1 << peekBits)
  const place = (code: number, length: number, run: number) => {
    const shift = peekBits - length
    const first = code << shift
    for (let i = 0; i < 1 << shift; i++) table[first + i] = (run << 4) | length
  }
  for (let i = 0; i < codes.length; i++) {
    place(codes[i]!, lengths[i]!, i < 64 ? i : (i - 63) * 64)
  }
  place(EOL_CODE, EOL_BITS, EOL_RUN)
  return table
}

/** White run lookup, indexed by the next 12 bits. */
export const WHITE_TABLE = decoderTable(WHITE_CODE, WHITE_BITS, WHITE_PEEK_BITS)
/** Black run lookup, indexed by the next 13 bits. */
export const BLACK_TABLE = decoderTable(BLACK_CODE, BLACK_BITS, BLACK_PEEK_BITS)

/** Mode lookup, indexed by the next 7 bits: `(mode << 4) | codeLength`, 0 when invalid. */
export const MODE_TABLE = (() => {
  const table = new Uint8Array(1 << MODE_PEEK_BITS)
  for (const [code, mode] of MODE_CODES) {
    const shift = MODE_PEEK_BITS - code.length
    const first = Number.parseInt(code, 2) << shift
    for (let i = 0; i < 1 << shift; i++) table[first + i] = (mode << 4) | code.length
  }
  return table
})()
