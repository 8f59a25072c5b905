import { describe, expect, it } from 'vitest';
import { appliesAtOnce } from './updatePolicy';

describe('a waiting new version', () => {
  it('is taken at once on the root, blog and onboarding paths', () => {
    for (const path of ['/', '/app', '/posts', '/posts/our-release', '/onboarding', '/onboard-owner', '/onboard-employee']) {
      expect(appliesAtOnce(path), path).toBe(true);
    }
  });

  it('is offered everywhere else', () => {
    for (const path of ['/schedule', '/home', '/messages', '/onboardings', '/settings']) {
      expect(appliesAtOnce(path), path).toBe(false);
    }
  });
});
