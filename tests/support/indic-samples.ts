import type { IndicScript } from '../../server/pdf/indic-fonts.ts';

/** A name (or word) in each of India's scripts the PDFs cover, each with a conjunct or a reordered or split vowel sign. */
export const INDIC_SAMPLES: Record<IndicScript, string> = {
  devanagari: 'प्रियंका क्षत्रिय',
  bengali: 'সৌমিত্র চক্রবর্তী',
  tamil: 'தமிழ்செல்வி கொடுமுடி',
  telugu: 'శ్రీనివాస్ కొండా',
  kannada: 'ಕೃಷ್ಣಮೂರ್ತಿ ಕೊಡಗು',
  malayalam: 'കൊല്ലം ശ്രീലക്ഷ്മി',
  gujarati: 'પ્રિયા ત્રિવેદી',
  gurmukhi: 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ',
  oriya: 'ଓଡ଼ିଆ ଶ୍ରୀକାନ୍ତ',
};

/**
 * Extracted text with the invisible joiners our PDFs may add (server/pdf/indic-text.ts) dropped and
 * spaces squashed. The extractors put a space between pdf.js's text items, and a change of font
 * (Latin to Tamil and back) starts a new item: a space before punctuation is dropped too.
 */
export const readable = (value: string) =>
  value.replace(/[\u034f\u2060]/g, '').normalize('NFC').replace(/\s+/g, ' ').replace(/ (?=[,.:;)])/g, '');
