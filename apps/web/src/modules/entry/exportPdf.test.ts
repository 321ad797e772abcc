import { describe, expect, it } from 'vitest'
import { pdfFileName } from './exportPdf.ts'

describe('pdfFileName', () => {
  it('keeps the title without path, reserved or control characters, at most 120 characters', () => {
    expect(pdfFileName({ id: 'e1', title: 'Zeppelins: Return / Rise?\u0007 "Now"' })).toBe('Zeppelins Return Rise Now')
    expect(pdfFileName({ id: 'e1', title: 'x'.repeat(300) })).toHaveLength(120)
  })
  it('names an untitled entry after its id', () => {
    expect(pdfFileName({ id: 'e1', title: null })).toBe('entry-e1')
    expect(pdfFileName({ id: 'e2', title: ' // ' })).toBe('entry-e2')
  })
})
