/** An action's refusal above the page's content, already translated; nothing without one. */
export function ActionError({ message }: { message: string | undefined }) {
  if (!message) return null
  return (
    <p role="alert" className="text-sm text-destructive">
      {message}
    </p>
  )
}
