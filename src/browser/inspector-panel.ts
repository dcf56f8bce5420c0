/** The inspector panel over the page. */
export interface InspectorPanel {
  /** Opens the panel (its code is fetched on the first open) and moves focus into it. */
  open(): void
  /** Back to the small button; focus goes back where it was before the panel opened. */
  close(): void
  readonly isOpen: boolean
  /** Takes the panel and its button off the page. */
  unmount(): void
}

/** What the inspector's chunk mounts into the launcher's shadow root, and how the launcher drives it. */
export interface MountedPanel {
  /** Moves focus into the panel (its selected tab). */
  focus(): void
  unmount(): void
}
