/**
 * Files a site publishes for agents and crawlers, made from its navigation and pages: llms.txt,
 * llms-full.txt, sitemap.xml and robots.txt.
 */
package dev.docsassistant.publish;
