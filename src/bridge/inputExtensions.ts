/** The extensions a run takes, for the app's file dialog (electron/ imports the bridge only). */
export { INPUT_EXTENSIONS } from '../pipeline/inputExtensions.js';
