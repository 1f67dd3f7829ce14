import { proxy, useSnapshot } from 'valtio'

/** Toasts live 3000 ms, bottom-center (docs/product.md#display). */
export const TOAST_LIFE_MS = 3000

type ToastKind = 'success' | 'error' | 'info'
interface Toast {
  id: number
  kind: ToastKind
  message: string
}

const state = proxy<{ toasts: Toast[] }>({ toasts: [] })
let nextId = 1

function show(kind: ToastKind, message: string): void {
  const id = nextId++
  state.toasts.push({ id, kind, message })
  setTimeout(() => {
    const index = state.toasts.findIndex((t) => t.id === id)
    if (index >= 0) state.toasts.splice(index, 1)
  }, TOAST_LIFE_MS)
}

export const toast = {
  success: (message: string) => {
    show('success', message)
  },
  error: (message: string) => {
    show('error', message)
  },
  info: (message: string) => {
    show('info', message)
  },
}

/** Rendered once by the app; screen readers hear each toast through the live region. */
export function Toaster() {
  const snap = useSnapshot(state)
  return (
    <div className="toaster" role="status" aria-live="polite">
      {snap.toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`}>
          {t.message}
        </div>
      ))}
    </div>
  )
}
