/**
 * Turns a FileInput into a Blob once, before the first attempt, so every retry can send the
 * same bytes again (a stream can be read only once). A string is a filesystem path (Node only).
 */
import type { FileInput } from './types.js';
/** The bytes of a file input and the name its multipart part gets. */
export interface PreparedFile {
    blob: Blob;
    filename: string;
}
/**
 * Reads `file` into a Blob.
 * @param filename overrides the part's name; otherwise the path's base name, or `image`
 * @throws TypeError for an unsupported value; the fs error when a path cannot be read
 */
export declare function prepareFile(file: FileInput, filename?: string): Promise<PreparedFile>;
