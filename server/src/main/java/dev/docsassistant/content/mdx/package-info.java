/**
 * MDX and Markdown as the content model reads them: front matter, JSX tags, HTML entities, and the
 * conversion of a page body into Markdown for readers and for agents.
 */
package dev.docsassistant.content.mdx;
