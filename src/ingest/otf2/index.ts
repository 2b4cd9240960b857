export { otf2Importer, otf2Bundle, otf2Log } from './importer';
export { readOtf2, type Otf2Trace, type Otf2Group, type Otf2Location, type Otf2Event } from './read';
