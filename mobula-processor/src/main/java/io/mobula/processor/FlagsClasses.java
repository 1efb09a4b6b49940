package io.mobula.processor;

import io.mobula.processor.FlagsModel.MethodFlag;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import javax.annotation.processing.Filer;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;
import javax.tools.JavaFileObject;

/**
 * What the generators of per-class method flags share ({@link ImplementationFlagsGenerator} for RMI,
 * {@link GroupFlagsGenerator} for GMI): which interface a class is served as, how a method is named in a note, and
 * the generated flags class itself.
 */
final class FlagsClasses {
    private FlagsClasses() {
    }

    /**
     * The interface the runtime serves {@code type} as: among the {@code candidate} interfaces the class and its
     * superclasses list, the one all others are assignable from, else the first; null when it lists none.
     */
    static TypeElement servedInterface(TypeElement type, Predicate<TypeElement> candidate, MethodProofs proofs,
                                       TypeNames names, Types types) {
        TypeElement best = null;
        for (TypeElement c = type; c != null; c = proofs.superclass(c)) {
            for (TypeMirror i : c.getInterfaces()) {
                TypeElement found = names.asTypeElement(i);
                if (found != null && candidate.test(found) && (best == null
                        || types.isAssignable(types.erasure(found.asType()), types.erasure(best.asType())))) {
                    best = found;
                }
            }
        }
        return best;
    }

    /** A method as a note names it: {@code name(p1, p2)}. */
    static String readable(String name, ExecutableType type) {
        return name + type.getParameterTypes().stream().map(TypeMirror::toString)
                .collect(Collectors.joining(", ", "(", ")"));
    }

    /**
     * Writes the flags class {@code pkg.<type's binary simple name with _ for $><suffix>} for {@code type} served as
     * {@code iface}, unless no method is non-blocking (the runtime then finds no class and proves nothing).
     */
    static void write(TypeElement type, String pkg, String suffix, TypeElement iface, List<MethodFlag> flags,
                      TypeNames names, Filer filer, FlagsEmitter emitter, Reporter reporter) {
        if (flags.stream().noneMatch(MethodFlag::nonBlocking)) {
            return;
        }
        FlagsModel model = new FlagsModel(type, pkg, type.getQualifiedName().toString(),
                names.binarySimpleName(type).replace('$', '_') + suffix, iface.getQualifiedName().toString(),
                List.copyOf(flags));
        try {
            JavaFileObject file = filer.createSourceFile(model.qualifiedName(), type);
            try (Writer out = file.openWriter()) {
                out.write(emitter.emit(model));
            }
        } catch (IOException e) {
            reporter.error(type, "Mobula: cannot write " + model.qualifiedName() + ": " + e.getMessage());
        }
    }
}
