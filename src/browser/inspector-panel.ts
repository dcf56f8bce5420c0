/** The inspector panel over the page. */
export interface InspectorPanel {
  open(): void
  /** Back to the small button. */
  close(): void
  readonly isOpen: boolean
  /** Takes the panel and its button off the page. */
  unmount(): void
}
