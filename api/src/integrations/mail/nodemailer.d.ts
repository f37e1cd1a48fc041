/**
 * The part of nodemailer this project uses. @types/nodemailer pulls in @types/node, which replaces Deno's own
 * Node types (node:assert and others stop type-checking), so the few signatures we need are declared here.
 */
export interface SendMailOptions {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Uint8Array; contentType?: string }[];
}

export interface SentMessageInfo {
  messageId: string;
  response: string;
  accepted: string[];
  rejected: string[];
}

export interface TransportOptions {
  connectionTimeout?: number;
  greetingTimeout?: number;
  socketTimeout?: number;
}

export interface Transporter {
  sendMail(options: SendMailOptions): Promise<SentMessageInfo>;
  close(): void;
}

declare const nodemailer: {
  createTransport(url: string, defaults?: TransportOptions): Transporter;
};
export default nodemailer;
