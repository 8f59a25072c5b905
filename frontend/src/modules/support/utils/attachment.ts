/** The largest attachment of a ticket (the spec's 20 MB). */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;

/** What the file picker offers. */
export const ATTACHMENT_ACCEPT = '.zip,.jpg,.jpeg,application/zip,image/jpeg';

const EXTENSIONS = ['zip', 'jpg', 'jpeg'];
const TYPES = ['image/jpeg', 'application/zip', 'application/x-zip-compressed', 'application/x-zip'];

/** Why a file cannot be a ticket's attachment, or null when it can. */
export type AttachmentProblem = 'type' | 'size' | null;

/**
 * Checks a file before it is uploaded: a zip or a jpg (by its name and the type the browser
 * gives) of at most 20 MB. The server reads the type from the content again.
 */
export function attachmentProblem(file: { name: string; type: string; size: number }): AttachmentProblem {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  const named = file.name.includes('.') && EXTENSIONS.includes(extension);
  const typed = file.type === '' || TYPES.includes(file.type);
  if (!named || !typed || file.size === 0) return 'type';
  if (file.size > ATTACHMENT_MAX_BYTES) return 'size';
  return null;
}
