/** The tags typed in one field, comma-separated: trimmed, empty ones left out, each once. */
export function parseTags(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const tag = raw.trim();
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

/** Where a published post is read: the server's page in its language. */
export function postAddress(slug: string, language: string): string {
  return `/posts/${encodeURIComponent(slug)}?lang=${language}`;
}
