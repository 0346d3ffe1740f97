/** The JSON download of everything stored about the member (the settings' data export). */
export const DATA_EXPORT_PATH = '/api/export.php';
