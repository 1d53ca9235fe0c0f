/**
 * A list's own page parameter: a name for the list, then `_page` or `-page` (`?9e4b1f07_page=2`,
 * as Webflow's collection lists write it, one parameter per list on the page; `?products_page=2`,
 * `?list-page=2`). It names a page like `?page=N` does.
 */
const LIST_PAGE_PARAM = /^[a-z0-9]+[_-]page$/i;

/** Whether a query parameter is a list's own page parameter (see above). */
export const isListPageParam = (key: string): boolean => LIST_PAGE_PARAM.test(key);
