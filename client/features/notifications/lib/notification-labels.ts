// The bell's labels, without dayjs: the header loads them on every member page (issue 33).

/** The bell's count: at most '99+'. */
export function unreadLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** Whether a notice's url is a path in this site (followed with the router), not another address. */
export function isSitePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}
