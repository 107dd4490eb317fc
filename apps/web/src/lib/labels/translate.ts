/** The `t` every labeller takes: i18next's, or a test's over the seeds. */
export type Translate = (msgid: string, options?: Record<string, unknown>) => string;
