import { PauseIcon, PlayIcon } from '../../components/icons.tsx'

interface AutoplayToggleProps {
  stopped: boolean
  onToggle: () => void
  /** Hidden when the visitor asks for reduced motion (nothing plays by itself then). */
  hidden: boolean
  /** The button's name while stopped, and while playing. */
  labels: { play: string; pause: string }
  iconSize: number
  className?: string
}

/** Stops and restarts a landing-page section that advances by itself (the tour, the reviews). */
export function AutoplayToggle({
  stopped,
  onToggle,
  hidden,
  labels,
  iconSize,
  className,
}: AutoplayToggleProps) {
  return (
    <button
      type="button"
      className={className}
      hidden={hidden}
      aria-label={stopped ? labels.play : labels.pause}
      onClick={onToggle}
    >
      {stopped ? <PlayIcon size={iconSize} /> : <PauseIcon size={iconSize} />}
    </button>
  )
}
