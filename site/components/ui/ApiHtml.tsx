/** HTML from the API only: the server builds and sanitises it (safe tags, no attributes). */
export function ApiHtml({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`paper-html ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
