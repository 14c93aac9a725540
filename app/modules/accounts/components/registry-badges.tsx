import { Badge } from '~/components/ui/badge'

/**
 * A seller's verified registry identities (issue 30 item 1): "GSTIN verified", "INN verified", with the
 * number for signed-in viewers. The texts come translated from the loader (registryBadgeTexts).
 */
export function RegistryBadges({ texts }: { texts?: readonly string[] }) {
  return texts?.map((text) => (
    <Badge key={text} variant="success" data-testid="registry-badge">
      {text}
    </Badge>
  ))
}
