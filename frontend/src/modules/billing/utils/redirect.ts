/** Sends the browser to a page of the payment provider's (checkout, the billing portal). */
export function sendBrowserTo(url: string): void {
  window.location.assign(url);
}
