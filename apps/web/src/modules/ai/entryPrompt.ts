/** A chat prompt about one entry: the entry named by title and id (the model reads it with its readEntry tool), then the request. */
export function entryPrompt(entry: { id: string; title?: string | null }, request = ''): string {
  const about = `About the entry "${entry.title ?? entry.id}" (id ${entry.id}): `
  return request ? `${about}${request}` : about
}
