import { AI_SECTIONS, ALL_SECTIONS } from '@/lib/notebooks/sections';
console.log(JSON.stringify({ sections: AI_SECTIONS, totalSections: AI_SECTIONS.length }).length, ALL_SECTIONS.length);
