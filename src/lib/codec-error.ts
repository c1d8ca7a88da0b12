/** The one exception codecs throw mid-stream, when a file turns out to be unreadable after its header passed. */

/** Why a file cannot be decoded or encoded. */
export type CodecFailure =
  /** structurally broken: bad CRC, truncated data, impossible values */
  | 'corrupt'
  /** valid but uses a feature we do not read (e.g. a TIFF compression we lack) */
  | 'unsupported'
  /** would need more memory than the caps allow */
  | 'too_large'

/** A decode or encode failure with a reason the operation maps to an API error code. */
export class CodecError extends Error {
  override readonly name = 'CodecError'
  constructor(
    readonly reason: CodecFailure,
    message: string,
  ) {
    super(message)
  }
}
