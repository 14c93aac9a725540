import { Fragment } from 'react'
import { Link } from 'react-router'
import { RICH_LINKS } from './links'
import { parseRichText } from './rich-text-parse'

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:text-primary/80'

/** Renders a translated string, turning its named tags into links or emphasis (see links.ts). */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {parseRichText(text).map((node, i) => {
        if (typeof node === 'string') return <Fragment key={i}>{node}</Fragment>
        if (node.tag === 'strong') return <strong key={i} className="font-semibold text-foreground">{node.text}</strong>
        const href = (RICH_LINKS as Record<string, string>)[node.tag]
        if (!href) return <Fragment key={i}>{node.text}</Fragment>
        return href.startsWith('/') ? (
          <Link key={i} to={href} className={linkClass}>
            {node.text}
          </Link>
        ) : (
          <a key={i} href={href} className={linkClass}>
            {node.text}
          </a>
        )
      })}
    </>
  )
}
