import { useLayoutEffect, useRef, useState } from 'preact/hooks'

/** The inspector's themes: the system's, or one chosen. */
const THEMES = ['system', 'light', 'dark'] as const
type Theme = (typeof THEMES)[number]

/** Where the chosen theme is kept across reloads. */
const THEME_KEY = 'conversation-asset-mock-inspector-theme'

/**
 * The theme picker: the system's (the default), light or dark, kept across
 * reloads. The choice is the `data-theme` of the inspector's shadow host,
 * which its styles read, so the panel's own frame follows it too.
 *
 * @example
 * <ThemeSelect />
 */
export function ThemeSelect() {
  const [theme, setTheme] = useState<Theme>(savedTheme)
  const select = useRef<HTMLSelectElement>(null)
  useLayoutEffect(() => {
    const host = (select.current?.getRootNode() as ShadowRoot | Document | undefined) ?? document
    const element = 'host' in host ? host.host : undefined
    if (!element) return
    if (theme === 'system') element.removeAttribute('data-theme')
    else element.setAttribute('data-theme', theme)
  }, [theme])
  return (
    <select
      ref={select}
      aria-label="theme"
      value={theme}
      onChange={(event) => {
        const chosen = event.currentTarget.value as Theme
        setTheme(chosen)
        try {
          localStorage.setItem(THEME_KEY, chosen)
        } catch {
          // Storage can be off: the theme holds until the reload.
        }
      }}
    >
      {THEMES.map((name) => (
        <option value={name} key={name}>
          {name === 'system' ? 'system theme' : `${name} theme`}
        </option>
      ))}
    </select>
  )
}

function savedTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_KEY)
    return THEMES.find((name) => name === saved) ?? 'system'
  } catch {
    return 'system'
  }
}
