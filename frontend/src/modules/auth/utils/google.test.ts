import { afterEach, describe, expect, it } from 'vitest';
import { asciiDigits, fourDigitCode } from '@/modules/forms/validation';
import { readGoogleLanding, takeGoogleReturn } from './google';

describe('the return from Google', () => {
  afterEach(() => sessionStorage.clear());

  it('reads the one-time code or the refusal from the fragment', () => {
    expect(readGoogleLanding('#code=abc-123_x')).toEqual({ code: 'abc-123_x' });
    expect(readGoogleLanding('#error=state_mismatch')).toEqual({ error: 'state_mismatch' });
    expect(readGoogleLanding('')).toBeNull();
  });

  it('goes back where it was asked to, once, and only within the app', () => {
    sessionStorage.setItem('google-return', '/settings');
    expect(takeGoogleReturn()).toBe('/settings');
    expect(takeGoogleReturn()).toBe('/');
    sessionStorage.setItem('google-return', '//evil.example');
    expect(takeGoogleReturn()).toBe('/');
  });
});

describe('a mailed code typed on any keyboard', () => {
  it('reads Persian and Arabic-Indic digits as ASCII ones', () => {
    expect(asciiDigits('۱۲۳۴')).toBe('1234');
    expect(asciiDigits('٠٩٨7')).toBe('0987');
    expect(fourDigitCode('۰۴۲۷')).toBeNull();
    expect(fourDigitCode('12a4')).toBe('validation.code');
  });
});
