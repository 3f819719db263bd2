package dev.docsassistant.render;

import java.util.Locale;
import java.util.Map;

/**
 * The interface text of rendered pages in the page's language (English for languages without a
 * table, and for any key a table lacks). Keys are shared with the site script, which gets the
 * table of its page in the page configuration.
 */
final class UiStrings {
    private static final Map<String, String> EN = Map.ofEntries(
            Map.entry("searchPlaceholder", "Search…"), Map.entry("searchLabel", "Search the docs"),
            Map.entry("searchButton", "Search"), Map.entry("searchNoResults", "No results"),
            Map.entry("searchHints", "↑↓ to move · Enter to open · Esc to close"),
            Map.entry("searchEmpty", "Type a question or some words in the search box."),
            Map.entry("searchNothing", "No results for"), Map.entry("searchTitle", "Search"),
            Map.entry("askAi", "Ask AI"), Map.entry("ask", "Ask"), Map.entry("askPlaceholder", "Ask a question…"),
            Map.entry("question", "Question"), Map.entry("send", "Send"), Map.entry("close", "Close"),
            Map.entry("thinking", "Thinking…"), Map.entry("sources", "Sources"),
            Map.entry("aboutSelection", "About the selected text:"),
            Map.entry("assistantOff", "Assistant off"),
            Map.entry("feedbackQuestion", "Was this page helpful?"), Map.entry("yes", "Yes"), Map.entry("no", "No"),
            Map.entry("feedbackThanks", "Thanks for the feedback!"),
            Map.entry("onThisPage", "On this page"), Map.entry("previous", "Previous"), Map.entry("next", "Next"),
            Map.entry("menu", "Menu"), Map.entry("skip", "Skip to content"), Map.entry("pages", "Pages"),
            Map.entry("sections", "Sections"), Map.entry("copy", "Copy"), Map.entry("copied", "Copied"),
            Map.entry("themeDark", "Switch to dark theme"), Map.entry("themeLight", "Switch to light theme"),
            Map.entry("notFoundTitle", "Page not found"),
            Map.entry("notFound", "The page you were looking for does not exist. Try the search, or ask the assistant."),
            Map.entry("home", "Back to the home page"), Map.entry("overview", "Overview"),
            Map.entry("note", "Note"), Map.entry("info", "Info"), Map.entry("tip", "Tip"), Map.entry("warning", "Warning"),
            Map.entry("check", "Check"), Map.entry("danger", "Danger"), Map.entry("prompt", "Prompt"),
            Map.entry("requestExample", "Request example"), Map.entry("responseExample", "Response example"),
            Map.entry("dismiss", "Dismiss"));
    private static final Map<String, String> FR = Map.ofEntries(
            Map.entry("searchPlaceholder", "Rechercher…"), Map.entry("searchLabel", "Rechercher dans la documentation"),
            Map.entry("searchButton", "Rechercher"), Map.entry("searchNoResults", "Aucun résultat"),
            Map.entry("searchHints", "↑↓ pour naviguer · Entrée pour ouvrir · Échap pour fermer"),
            Map.entry("searchEmpty", "Saisissez une question ou quelques mots dans le champ de recherche."),
            Map.entry("searchNothing", "Aucun résultat pour"), Map.entry("searchTitle", "Recherche"),
            Map.entry("askAi", "Demander à l’IA"), Map.entry("ask", "Demander à"), Map.entry("askPlaceholder", "Posez une question…"),
            Map.entry("question", "Question"), Map.entry("send", "Envoyer"), Map.entry("close", "Fermer"),
            Map.entry("thinking", "Réflexion…"), Map.entry("sources", "Sources"),
            Map.entry("aboutSelection", "À propos du texte sélectionné :"),
            Map.entry("assistantOff", "Assistant désactivé"),
            Map.entry("feedbackQuestion", "Cette page vous a-t-elle été utile ?"), Map.entry("yes", "Oui"), Map.entry("no", "Non"),
            Map.entry("feedbackThanks", "Merci pour votre retour !"),
            Map.entry("onThisPage", "Sur cette page"), Map.entry("previous", "Précédent"), Map.entry("next", "Suivant"),
            Map.entry("menu", "Menu"), Map.entry("skip", "Aller au contenu"), Map.entry("pages", "Pages"),
            Map.entry("sections", "Sections"), Map.entry("copy", "Copier"), Map.entry("copied", "Copié"),
            Map.entry("themeDark", "Passer au thème sombre"), Map.entry("themeLight", "Passer au thème clair"),
            Map.entry("notFoundTitle", "Page introuvable"),
            Map.entry("notFound", "La page demandée n’existe pas. Essayez la recherche ou posez la question à l’assistant."),
            Map.entry("home", "Retour à l’accueil"), Map.entry("overview", "Vue d’ensemble"),
            Map.entry("note", "Remarque"), Map.entry("info", "Info"), Map.entry("tip", "Astuce"),
            Map.entry("warning", "Avertissement"), Map.entry("check", "Vérifié"), Map.entry("danger", "Danger"),
            Map.entry("prompt", "Prompt"), Map.entry("requestExample", "Exemple de requête"),
            Map.entry("responseExample", "Exemple de réponse"), Map.entry("dismiss", "Fermer"));
    private static final Map<String, String> ES = Map.ofEntries(
            Map.entry("searchPlaceholder", "Buscar…"), Map.entry("searchLabel", "Buscar en la documentación"),
            Map.entry("searchButton", "Buscar"), Map.entry("searchNoResults", "Sin resultados"),
            Map.entry("searchHints", "↑↓ para moverse · Intro para abrir · Esc para cerrar"),
            Map.entry("searchEmpty", "Escribe una pregunta o algunas palabras en el cuadro de búsqueda."),
            Map.entry("searchNothing", "Sin resultados para"), Map.entry("searchTitle", "Búsqueda"),
            Map.entry("askAi", "Preguntar a la IA"), Map.entry("ask", "Preguntar a"), Map.entry("askPlaceholder", "Haz una pregunta…"),
            Map.entry("question", "Pregunta"), Map.entry("send", "Enviar"), Map.entry("close", "Cerrar"),
            Map.entry("thinking", "Pensando…"), Map.entry("sources", "Fuentes"),
            Map.entry("aboutSelection", "Sobre el texto seleccionado:"),
            Map.entry("assistantOff", "Asistente desactivado"),
            Map.entry("feedbackQuestion", "¿Te resultó útil esta página?"), Map.entry("yes", "Sí"), Map.entry("no", "No"),
            Map.entry("feedbackThanks", "¡Gracias por tus comentarios!"),
            Map.entry("onThisPage", "En esta página"), Map.entry("previous", "Anterior"), Map.entry("next", "Siguiente"),
            Map.entry("menu", "Menú"), Map.entry("skip", "Ir al contenido"), Map.entry("pages", "Páginas"),
            Map.entry("sections", "Secciones"), Map.entry("copy", "Copiar"), Map.entry("copied", "Copiado"),
            Map.entry("themeDark", "Cambiar al tema oscuro"), Map.entry("themeLight", "Cambiar al tema claro"),
            Map.entry("notFoundTitle", "Página no encontrada"),
            Map.entry("notFound", "La página que buscas no existe. Prueba la búsqueda o pregunta al asistente."),
            Map.entry("home", "Volver al inicio"), Map.entry("overview", "Resumen"),
            Map.entry("note", "Nota"), Map.entry("info", "Información"), Map.entry("tip", "Consejo"),
            Map.entry("warning", "Advertencia"), Map.entry("check", "Comprobado"), Map.entry("danger", "Peligro"),
            Map.entry("prompt", "Prompt"), Map.entry("requestExample", "Ejemplo de solicitud"),
            Map.entry("responseExample", "Ejemplo de respuesta"), Map.entry("dismiss", "Cerrar"));
    private static final Map<String, String> ZH = Map.ofEntries(
            Map.entry("searchPlaceholder", "搜索…"), Map.entry("searchLabel", "搜索文档"),
            Map.entry("searchButton", "搜索"), Map.entry("searchNoResults", "没有结果"),
            Map.entry("searchHints", "↑↓ 移动 · 回车 打开 · Esc 关闭"),
            Map.entry("searchEmpty", "在搜索框中输入问题或关键词。"),
            Map.entry("searchNothing", "没有找到结果："), Map.entry("searchTitle", "搜索"),
            Map.entry("askAi", "询问 AI"), Map.entry("ask", "询问"), Map.entry("askPlaceholder", "提出问题…"),
            Map.entry("question", "问题"), Map.entry("send", "发送"), Map.entry("close", "关闭"),
            Map.entry("thinking", "思考中…"), Map.entry("sources", "来源"),
            Map.entry("aboutSelection", "关于所选文本："),
            Map.entry("assistantOff", "助手已关闭"),
            Map.entry("feedbackQuestion", "此页面对您有帮助吗？"), Map.entry("yes", "是"), Map.entry("no", "否"),
            Map.entry("feedbackThanks", "感谢您的反馈！"),
            Map.entry("onThisPage", "本页内容"), Map.entry("previous", "上一页"), Map.entry("next", "下一页"),
            Map.entry("menu", "菜单"), Map.entry("skip", "跳到正文"), Map.entry("pages", "页面"),
            Map.entry("sections", "栏目"), Map.entry("copy", "复制"), Map.entry("copied", "已复制"),
            Map.entry("themeDark", "切换到深色主题"), Map.entry("themeLight", "切换到浅色主题"),
            Map.entry("notFoundTitle", "页面未找到"),
            Map.entry("notFound", "您要查找的页面不存在。请尝试搜索，或询问助手。"),
            Map.entry("home", "返回首页"), Map.entry("overview", "概览"),
            Map.entry("note", "注意"), Map.entry("info", "信息"), Map.entry("tip", "提示"), Map.entry("warning", "警告"),
            Map.entry("check", "检查"), Map.entry("danger", "危险"), Map.entry("prompt", "提示词"),
            Map.entry("requestExample", "请求示例"), Map.entry("responseExample", "响应示例"), Map.entry("dismiss", "关闭"));
    private static final Map<String, Map<String, String>> BY_LANGUAGE = Map.of("en", EN, "fr", FR, "es", ES, "zh", ZH);

    private final Map<String, String> table;

    private UiStrings(Map<String, String> table) {
        this.table = table;
    }

    /** The strings for a language code ({@code fr}, {@code fr-CA}, {@code zh-Hans}, {@code cn}); English when unknown. */
    static UiStrings of(String language) {
        String code = language == null ? "en" : language.toLowerCase(Locale.ROOT);
        int dash = code.indexOf('-');
        String base = dash < 0 ? code : code.substring(0, dash);
        if (base.equals("cn")) {
            base = "zh";
        }
        return new UiStrings(BY_LANGUAGE.getOrDefault(base, EN));
    }

    String get(String key) {
        String s = table.get(key);
        return s != null ? s : EN.getOrDefault(key, key);
    }

    /** Every key with its text in this language, for the site script. */
    Map<String, String> all() {
        java.util.Map<String, String> all = new java.util.TreeMap<>(EN);
        all.putAll(table);
        return all;
    }

    static java.util.Set<String> languages() {
        return BY_LANGUAGE.keySet();
    }
}
