import { createRequire } from 'node:module';

/** What the tests read of a parsed XML element (the W3C DOM's names). */
export interface XmlElement {
  tagName: string;
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
  getElementsByTagNameNS(ns: string, name: string): ArrayLike<XmlElement>;
  textContent: string | null;
}

// @xmldom/xmldom's own types pull in TypeScript's DOM library (`/// <reference lib="dom" />`), which
// changes Node's stream and Blob types for the whole API project: it is loaded untyped, typed here.
const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as { DOMParser: new () => { parseFromString(xml: string, type: string): { documentElement: XmlElement } } };

/** The root element of an XML document (a W3C DOM parser's, without the browser). */
export const parseXml = (xml: string): XmlElement => new DOMParser().parseFromString(xml, 'text/xml').documentElement;
