/**
 * Reading a Bot API request: JSON, urlencoded or multipart body, plus query parameters.
 *
 * Multipart is parsed by hand: grammY writes part headers without spaces and with unquoted
 * file names (`content-disposition:form-data;name="x";filename=photo.jpg`), which the Bot API
 * accepts but Node 20's `Request.formData()` refuses ("Failed to parse body as FormData").
 */
import type { IncomingMessage } from "node:http";
import { badRequest } from "./types.js";

export interface UploadedFile {
  filename: string;
  data: Uint8Array;
}

export interface ParsedRequest {
  params: Record<string, unknown>;
  files: Map<string, UploadedFile>;
}

export async function readRequest(req: IncomingMessage, url: URL): Promise<ParsedRequest> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const files = new Map<string, UploadedFile>();
  const body = await readBody(req);
  if (body.length === 0) return { params, files };

  const contentType = req.headers["content-type"] ?? "";
  if (contentType.startsWith("application/json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString("utf8"));
    } catch {
      throw badRequest("can't parse JSON object");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw badRequest("can't parse JSON object");
    Object.assign(params, parsed);
  } else if (contentType.startsWith("application/x-www-form-urlencoded")) {
    Object.assign(params, Object.fromEntries(new URLSearchParams(body.toString("utf8"))));
  } else if (contentType.startsWith("multipart/form-data")) {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
    const boundaryValue = boundary?.[1] ?? boundary?.[2];
    if (boundaryValue === undefined) throw badRequest("can't parse multipart/form-data: boundary not found");
    for (const part of parseMultipart(body, boundaryValue.trim())) {
      if (part.filename !== undefined) files.set(part.name, { filename: part.filename, data: part.data });
      else params[part.name] = Buffer.from(part.data).toString("utf8");
    }
  }
  return { params, files };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface Part {
  name: string;
  filename?: string;
  data: Uint8Array;
}

export function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw badRequest("can't parse multipart/form-data");
  pos += delimiter.length;
  for (;;) {
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) break; // closing "--"
    if (body[pos] === 0x0d && body[pos + 1] === 0x0a) pos += 2;
    const headerEnd = body.indexOf("\r\n\r\n", pos);
    if (headerEnd < 0) break;
    const headers = body.subarray(pos, headerEnd).toString("utf8").split("\r\n");
    const contentStart = headerEnd + 4;
    const next = body.indexOf(Buffer.concat([Buffer.from("\r\n"), delimiter]), contentStart);
    if (next < 0) throw badRequest("can't parse multipart/form-data");
    const disposition = headers.find((line) => /^content-disposition\s*:/i.test(line)) ?? "";
    const name = dispositionParam(disposition, "name");
    const filename = dispositionParam(disposition, "filename");
    if (name !== undefined) {
      parts.push({ name, ...(filename === undefined ? {} : { filename }), data: body.subarray(contentStart, next) });
    }
    pos = next + 2 + delimiter.length;
  }
  return parts;
}

function dispositionParam(header: string, key: string): string | undefined {
  for (const piece of header.slice(header.indexOf(":") + 1).split(";")) {
    const eq = piece.indexOf("=");
    if (eq < 0 || piece.slice(0, eq).trim().toLowerCase() !== key) continue;
    const value = piece.slice(eq + 1).trim();
    return value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  }
  return undefined;
}

/** A JSON-typed parameter (array/object) may arrive as a JSON string. */
export function jsonParam(value: unknown, name: string): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest(`can't parse ${name} JSON object`);
  }
}

export function intParam(value: unknown): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : undefined;
}

export function boolParam(value: unknown): boolean {
  return value === true || value === "true" || value === "1" || value === 1;
}

export function stringParam(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : String(value);
}
