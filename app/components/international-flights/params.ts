/**
 * Streamed content is put in place by a small inline script; a browser without JavaScript would
 * keep seeing the progress state. Its "show the results" link adds this parameter, and then the
 * server answers only when the search has (the filter form and sort links carry it along).
 */
export const WAIT_PARAM = "wait";
