import { describe, expect, it } from 'vitest';
import { parseTags, postAddress } from './tags';

describe('parseTags', () => {
  it('reads comma-separated tags, trimmed and each once', () => {
    expect(parseTags(' Scheduling, teams ,,Scheduling, ')).toEqual(['Scheduling', 'teams']);
    expect(parseTags('')).toEqual([]);
  });
});

describe('postAddress', () => {
  it('names the post in its language, its slug escaped', () => {
    expect(postAddress('plan-a-week', 'es')).toBe('/posts/plan-a-week?lang=es');
    expect(postAddress('برنامه', 'fa')).toBe('/posts/%D8%A8%D8%B1%D9%86%D8%A7%D9%85%D9%87?lang=fa');
  });
});
