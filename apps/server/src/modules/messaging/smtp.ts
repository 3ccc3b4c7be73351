import nodemailer from 'nodemailer';
import type { Message, Messenger } from './types';

/** Email through an SMTP server (nodemailer), e.g. `smtp://user:pass@mail.example.com:587`. */
export const createSmtpMessenger = ({
  url,
  from,
}: {
  url: string;
  from: string;
}): Messenger & {
  close: () => void;
} => {
  const transport = nodemailer.createTransport(url);
  return {
    send: async (message: Message) => {
      if (message.channel !== 'email') throw new Error('the SMTP adapter sends email only');
      await transport.sendMail({ from, to: message.to, subject: message.subject ?? '', text: message.text });
    },
    close: () => transport.close(),
  };
};
