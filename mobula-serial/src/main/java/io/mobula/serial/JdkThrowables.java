package io.mobula.serial;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@link ThrowableSerializer} knows about the JDK's exception classes, whose private fields Mobula cannot
 * read or set (their modules are not open to it). Three kinds of knowledge, all keyed by class name so that
 * optional JDK modules (java.sql, java.rmi) are not linked:
 * <ul>
 *   <li>{@linkplain #rawMessage message rules}: how to get the detail message back from a class that decorates
 *       it in {@code getMessage()} (java.rmi.RemoteException appends its {@code detail}, for instance);
 *   <li>{@linkplain #causeInitializedToNull cause rules}: classes whose constructors always fix the cause to
 *       {@code null} while {@code getCause()} returns a field of their own;
 *   <li>{@linkplain #recipe recipes}: classes with private state that are rebuilt through a public constructor
 *       from values of their public getters (java.nio.file.FileSystemException from file, other file and
 *       reason, for instance). A recipe marked as a family also serves the JDK subclasses that add no state.
 * </ul>
 * JDK classes not named here whose levels below {@code Throwable} hold only public non-final fields travel
 * exactly (those fields are set through the public API); others lose their private fields, which
 * {@link ThrowableSerializer} logs once per class.
 */
final class JdkThrowables {
    private JdkThrowables() {
    }

    /** Message and cause tokens in a recipe: the detail message and the cause as travelled. */
    static final String MESSAGE = "<message>";
    static final String CAUSE = "<cause>";

    /** How a class that overrides {@code getMessage()} hides its detail message. */
    private sealed interface MessageRule {
    }

    /** The detail message is what the named public getter returns ({@code super.getMessage()}). */
    private record Getter(String name) implements MessageRule {
    }

    /** {@code super.getMessage() + separator + detail} when the public field {@code detail} is not null. */
    private record DetailSuffix(String separator) implements MessageRule {
    }

    /** {@code classname + "; " + super.getMessage()} when the public field {@code classname} is not null. */
    private record ClassNamePrefix() implements MessageRule {
    }

    /** The constructors never set a detail message; {@code getMessage()} is computed from private fields. */
    private record None() implements MessageRule {
    }

    /**
     * The detail message is the string Java serialization writes for Throwable's {@code detailMessage}: the
     * message NullPointerException was made with, not the helpful text its {@code getMessage()} computes on demand
     * (java.rmi sends null for a NullPointerException the JVM raised, so its clients print null).
     */
    private record SerialForm() implements MessageRule {
    }

    private static final Map<String, MessageRule> MESSAGE_RULES = Map.ofEntries(
            Map.entry("java.io.InvalidClassException", new ClassNamePrefix()),
            Map.entry("java.io.WriteAbortedException", new DetailSuffix("; ")),
            Map.entry("java.rmi.RemoteException", new DetailSuffix("; nested exception is: \n\t")),
            Map.entry("java.rmi.server.ServerCloneException", new DetailSuffix("; nested exception is: \n\t")),
            Map.entry("java.lang.NullPointerException", new SerialForm()),
            Map.entry("java.nio.file.FileSystemException", new Getter("getReason")),
            Map.entry("java.net.URISyntaxException", new Getter("getReason")),
            Map.entry("java.nio.file.InvalidPathException", new Getter("getReason")),
            Map.entry("java.util.regex.PatternSyntaxException", new None()),
            Map.entry("java.nio.charset.MalformedInputException", new None()),
            Map.entry("java.nio.charset.UnmappableCharacterException", new None()),
            Map.entry("java.util.DuplicateFormatFlagsException", new None()),
            Map.entry("java.util.FormatFlagsConversionMismatchException", new None()),
            Map.entry("java.util.IllegalFormatCodePointException", new None()),
            Map.entry("java.util.IllegalFormatConversionException", new None()),
            Map.entry("java.util.IllegalFormatFlagsException", new None()),
            Map.entry("java.util.IllegalFormatPrecisionException", new None()),
            Map.entry("java.util.IllegalFormatWidthException", new None()),
            Map.entry("java.util.MissingFormatArgumentException", new None()),
            Map.entry("java.util.MissingFormatWidthException", new None()),
            Map.entry("java.util.UnknownFormatConversionException", new None()),
            Map.entry("java.util.UnknownFormatFlagsException", new None()));

    /** Classes whose constructors call {@code initCause(null)} (or pass a null cause) and keep their own. */
    private static final List<String> CAUSE_NULL = List.of("java.io.WriteAbortedException",
            "java.rmi.RemoteException", "java.rmi.server.ServerCloneException",
            "java.lang.reflect.InvocationTargetException");

    /** Classes whose {@code getCause()} only narrows the type of {@code super.getCause()}. */
    private static final List<String> CAUSE_NARROWED = List.of("java.io.UncheckedIOException",
            "java.nio.file.DirectoryIteratorException");

    /**
     * A way to rebuild one JDK class: the public getters whose values are the arguments of a public
     * constructor, in order. Alternatives are tried in order against the exact class.
     */
    private record RecipeSpec(boolean family, List<List<String>> alternatives, Map<String, Class<?>> types) {
        static RecipeSpec of(String... getters) {
            return new RecipeSpec(false, List.of(List.of(getters)), Map.of());
        }
    }

    private static final Map<String, RecipeSpec> RECIPES = Map.ofEntries(
            Map.entry("java.nio.file.FileSystemException", new RecipeSpec(true,
                    List.of(List.of("getFile", "getOtherFile", "getReason"), List.of("getFile")), Map.of())),
            Map.entry("java.net.URISyntaxException", RecipeSpec.of("getInput", "getReason", "getIndex")),
            Map.entry("java.nio.file.InvalidPathException", RecipeSpec.of("getInput", "getReason", "getIndex")),
            Map.entry("java.util.regex.PatternSyntaxException",
                    RecipeSpec.of("getDescription", "getPattern", "getIndex")),
            Map.entry("java.nio.charset.MalformedInputException", RecipeSpec.of("getInputLength")),
            Map.entry("java.nio.charset.UnmappableCharacterException", RecipeSpec.of("getInputLength")),
            Map.entry("java.nio.charset.IllegalCharsetNameException", RecipeSpec.of("getCharsetName")),
            Map.entry("java.nio.charset.UnsupportedCharsetException", RecipeSpec.of("getCharsetName")),
            Map.entry("java.lang.reflect.InvocationTargetException",
                    RecipeSpec.of("getTargetException", MESSAGE)),
            Map.entry("java.net.HttpRetryException", RecipeSpec.of(MESSAGE, "responseCode", "getLocation")),
            Map.entry("java.util.MissingResourceException", RecipeSpec.of(MESSAGE, "getClassName", "getKey")),
            Map.entry("java.time.format.DateTimeParseException", new RecipeSpec(false,
                    List.of(List.of(MESSAGE, "getParsedString", "getErrorIndex", CAUSE)),
                    Map.of("getParsedString", CharSequence.class))),
            Map.entry("java.text.ParseException", RecipeSpec.of(MESSAGE, "getErrorOffset")),
            Map.entry("java.lang.TypeNotPresentException", RecipeSpec.of("typeName", CAUSE)),
            Map.entry("java.nio.file.attribute.UserPrincipalNotFoundException", RecipeSpec.of("getName")),
            Map.entry("java.util.UnknownFormatConversionException", RecipeSpec.of("getConversion")),
            Map.entry("java.util.DuplicateFormatFlagsException", RecipeSpec.of("getFlags")),
            Map.entry("java.util.IllegalFormatFlagsException", RecipeSpec.of("getFlags")),
            Map.entry("java.util.UnknownFormatFlagsException", RecipeSpec.of("getFlags")),
            Map.entry("java.util.MissingFormatArgumentException", RecipeSpec.of("getFormatSpecifier")),
            Map.entry("java.util.MissingFormatWidthException", RecipeSpec.of("getFormatSpecifier")),
            Map.entry("java.util.IllegalFormatCodePointException", RecipeSpec.of("getCodePoint")),
            Map.entry("java.util.IllegalFormatPrecisionException", RecipeSpec.of("getPrecision")),
            Map.entry("java.util.IllegalFormatWidthException", RecipeSpec.of("getWidth")),
            Map.entry("java.util.FormatFlagsConversionMismatchException", RecipeSpec.of("getFlags", "getConversion")),
            Map.entry("java.sql.SQLException", new RecipeSpec(true,
                    List.of(List.of(MESSAGE, "getSQLState", "getErrorCode", CAUSE)), Map.of())));

    /** Whether {@code c} belongs to the JDK: a class of a {@code java.*} or {@code jdk.*} module. */
    static boolean isJdk(Class<?> c) {
        String m = c.getModule().getName();
        return m != null && (m.startsWith("java.") || m.startsWith("jdk."));
    }

    /** Non-static, non-transient instance fields of one class level: its serial state. */
    static List<Field> stateFields(Class<?> level) {
        List<Field> out = new ArrayList<>();
        for (Field f : level.getDeclaredFields()) {
            int m = f.getModifiers();
            if (!Modifier.isStatic(m) && !Modifier.isTransient(m)) {
                out.add(f);
            }
        }
        return out;
    }

    /** Whether Mobula can read and set {@code f} through the public API. */
    static boolean isPublicState(Field f) {
        int m = f.getModifiers();
        Class<?> k = f.getDeclaringClass();
        return Modifier.isPublic(m) && !Modifier.isFinal(m) && Modifier.isPublic(k.getModifiers())
                && k.getModule().isExported(k.getPackageName());
    }

    /**
     * Whether the rule for {@code overrider} (the most derived JDK class that overrides {@code getMessage()}) is
     * known; if not, the decorated message travels as the detail message.
     */
    static boolean knowsMessage(Class<?> overrider) {
        return MESSAGE_RULES.containsKey(overrider.getName());
    }

    /**
     * The detail message of {@code t}, given {@code decorated}, what {@code getMessage()} of {@code overrider}
     * returned for it.
     */
    static String rawMessage(Class<?> overrider, Throwable t, String decorated) throws ReflectiveOperationException {
        MessageRule rule = MESSAGE_RULES.get(overrider.getName());
        if (rule == null) {
            return decorated;
        }
        if (rule instanceof SerialForm) {
            return decorated == null ? null : serialDetailMessage(t);
        }
        if (rule instanceof None) {
            return null;
        }
        if (rule instanceof Getter g) {
            return (String) overrider.getMethod(g.name()).invoke(t);
        }
        if (rule instanceof DetailSuffix d) {
            Object detail = overrider.getField("detail").get(t);
            String suffix = detail == null ? null : d.separator() + detail;
            return suffix != null && decorated != null && decorated.endsWith(suffix)
                    ? decorated.substring(0, decorated.length() - suffix.length()) : decorated;
        }
        Object cname = overrider.getField("classname").get(t);
        String prefix = cname == null ? null : cname + "; ";
        return prefix != null && decorated != null && decorated.startsWith(prefix)
                ? decorated.substring(prefix.length()) : decorated;
    }

    /**
     * Throwable's {@code detailMessage} as Java serialization writes it: the first string among the objects the
     * fields of {@code t} refer to (its object fields go in name order, {@code cause} before
     * {@code detailMessage}, and a cause is a Throwable, never a string), or null when there is none.
     */
    private static String serialDetailMessage(Throwable t) throws ReflectiveOperationException {
        try {
            for (Object o : JdkPeek.of(t).objects()) {
                if (o instanceof String s) {
                    return s;
                }
            }
            return null;
        } catch (SerialException e) {
            throw new ReflectiveOperationException(e.getMessage(), e);
        }
    }

    /**
     * @param overrider the most derived JDK class that overrides {@code getCause()}
     * @return whether its constructors always set the cause to null (the overridden getCause returns a field)
     */
    static boolean causeInitializedToNull(Class<?> overrider) {
        return CAUSE_NULL.contains(overrider.getName());
    }

    /** @return whether the getCause override of {@code overrider} returns {@code super.getCause()} */
    static boolean causeNarrowed(Class<?> overrider) {
        return CAUSE_NARROWED.contains(overrider.getName());
    }

    /** A resolved recipe: getters (tokens or {@code (Throwable)Object} handles) and the constructor. */
    record Recipe(List<String> tokens, Class<?>[] params, MethodHandle[] getters, MethodHandle constructor) {
        /** Fingerprint part: the getter names and the constructor's parameter descriptors. */
        String part() {
            StringBuilder sb = new StringBuilder("recipe");
            for (int i = 0; i < params.length; i++) {
                sb.append(i == 0 ? "(" : ",").append(tokens.get(i)).append(':').append(params[i].descriptorString());
            }
            return sb.append(')').toString();
        }
    }

    /**
     * @param c a JDK class
     * @return how to rebuild it through a public constructor, or null if it has no recipe
     */
    static Recipe recipe(Class<?> c) {
        for (Class<?> k = c; k != null && k != Throwable.class; k = k.getSuperclass()) {
            RecipeSpec spec = RECIPES.get(k.getName());
            if (spec != null) {
                return k == c || spec.family() && addsNothing(c, k) ? resolve(c, k, spec) : null;
            }
        }
        return null;
    }

    /** Whether the JDK levels of {@code c} below {@code base} add no state and keep base's message. */
    private static boolean addsNothing(Class<?> c, Class<?> base) {
        for (Class<?> k = c; k != base; k = k.getSuperclass()) {
            if (!stateFields(k).isEmpty() || declares(k, "getMessage") || declares(k, "getCause")) {
                return false;
            }
        }
        return true;
    }

    static boolean declares(Class<?> k, String noArgMethod) {
        try {
            k.getDeclaredMethod(noArgMethod);
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static Recipe resolve(Class<?> c, Class<?> base, RecipeSpec spec) {
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        for (List<String> tokens : spec.alternatives()) {
            try {
                Class<?>[] params = new Class<?>[tokens.size()];
                MethodHandle[] getters = new MethodHandle[tokens.size()];
                for (int i = 0; i < params.length; i++) {
                    String tok = tokens.get(i);
                    if (tok.equals(MESSAGE)) {
                        params[i] = String.class;
                    } else if (tok.equals(CAUSE)) {
                        params[i] = Throwable.class;
                    } else {
                        Method m = base.getMethod(tok);
                        getters[i] = lookup.unreflect(m).asType(MethodType.methodType(Object.class, Throwable.class));
                        params[i] = spec.types().getOrDefault(tok, m.getReturnType());
                    }
                }
                MethodHandle ctor = lookup.findConstructor(c, MethodType.methodType(void.class, params));
                return new Recipe(tokens, params, getters, ctor);
            } catch (ReflectiveOperationException | ClassCastException | IllegalArgumentException e) {
                // try the next alternative
            }
        }
        return null;
    }
}
