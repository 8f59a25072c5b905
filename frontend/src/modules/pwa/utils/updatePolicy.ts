/**
 * Where a waiting new version is taken at once instead of offered: the spec's root, blog and
 * onboarding paths, where nothing typed or open would be lost by a reload.
 */
export function appliesAtOnce(pathname: string): boolean {
  if (pathname === '/' || pathname === '/app') return true;
  return ['/posts', '/onboarding', '/onboard-owner', '/onboard-employee'].some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
