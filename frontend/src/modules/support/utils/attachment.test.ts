import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, attachmentProblem } from './attachment';

describe('a ticket attachment', () => {
  it('is a zip or a jpg', () => {
    expect(attachmentProblem({ name: 'screen.JPG', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(attachmentProblem({ name: 'logs.zip', type: 'application/x-zip-compressed', size: 10 })).toBeNull();
    expect(attachmentProblem({ name: 'photo.jpeg', type: '', size: 10 })).toBeNull();
    expect(attachmentProblem({ name: 'screen.png', type: 'image/png', size: 10 })).toBe('type');
    expect(attachmentProblem({ name: 'notes.pdf', type: 'application/pdf', size: 10 })).toBe('type');
    expect(attachmentProblem({ name: 'page.jpg', type: 'text/html', size: 10 })).toBe('type');
    expect(attachmentProblem({ name: 'zip', type: '', size: 10 })).toBe('type');
    expect(attachmentProblem({ name: 'empty.jpg', type: 'image/jpeg', size: 0 })).toBe('type');
  });

  it('is at most 20 MB', () => {
    expect(attachmentProblem({ name: 'a.zip', type: 'application/zip', size: ATTACHMENT_MAX_BYTES })).toBeNull();
    expect(attachmentProblem({ name: 'a.zip', type: 'application/zip', size: ATTACHMENT_MAX_BYTES + 1 })).toBe('size');
  });
});
