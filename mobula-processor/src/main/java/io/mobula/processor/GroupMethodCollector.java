package io.mobula.processor;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The group methods of a group interface in index order: the interface's own instance methods (abstract or
 * default) in declaration order, then those of its super-interfaces, depth first in the order of its
 * {@code extends} clause, each signature once. Static and private methods are no group methods, nor are
 * redeclared methods of {@code java.lang.Object} (the stub's own {@code toString} etc. serve them).
 */
final class GroupMethodCollector {
    private final Types types;
    private final TypeNames names;
    private final Set<String> objectMethods = new HashSet<>();

    /**
     * One group method as seen from the interface.
     *
     * @param element its declaration (maybe in a super-interface)
     * @param type its type as a member of the interface (type arguments of super-interfaces substituted)
     */
    record Entry(ExecutableElement element, ExecutableType type) {
        String name() {
            return element.getSimpleName().toString();
        }
    }

    GroupMethodCollector(Elements elements, Types types, TypeNames names) {
        this.types = types;
        this.names = names;
        TypeElement object = elements.getTypeElement("java.lang.Object");
        for (ExecutableElement m : ElementFilter.methodsIn(object.getEnclosedElements())) {
            objectMethods.add(m.getSimpleName() + parameterDescriptor(m.getParameters().stream()
                    .map(Element::asType).toList()));
        }
    }

    List<Entry> of(TypeElement iface) {
        DeclaredType owner = (DeclaredType) iface.asType();
        Map<String, Entry> bySignature = new LinkedHashMap<>();
        collect(iface, owner, bySignature, new HashSet<>());
        return List.copyOf(new ArrayList<>(bySignature.values()));
    }

    private void collect(TypeElement type, DeclaredType owner, Map<String, Entry> out, Set<TypeElement> seen) {
        if (!seen.add(type)) {
            return;
        }
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            Set<Modifier> mods = m.getModifiers();
            if (mods.contains(Modifier.STATIC) || mods.contains(Modifier.PRIVATE)) {
                continue;
            }
            ExecutableType t = (ExecutableType) types.asMemberOf(owner, m);
            String signature = m.getSimpleName() + parameterDescriptor(t.getParameterTypes());
            if (objectMethods.contains(signature)) {
                continue;
            }
            Entry existing = out.get(signature);
            if (existing == null) {
                out.put(signature, new Entry(m, t));
            } else if (isMoreSpecific(t.getReturnType(), existing.type().getReturnType())) {
                // a covariant result inherited from another branch: the stub must declare the narrower one
                out.put(signature, new Entry(m, t));
            }
        }
        for (TypeMirror s : type.getInterfaces()) {
            if (s.getKind() == TypeKind.DECLARED) {
                collect((TypeElement) ((DeclaredType) s).asElement(), owner, out, seen);
            }
        }
    }

    private boolean isMoreSpecific(TypeMirror candidate, TypeMirror current) {
        return candidate.getKind() != TypeKind.VOID && current.getKind() != TypeKind.VOID
                && !types.isSameType(candidate, current) && types.isSubtype(candidate, current);
    }

    private String parameterDescriptor(List<? extends TypeMirror> params) {
        StringBuilder sb = new StringBuilder("(");
        params.forEach(p -> sb.append(names.descriptor(p)));
        return sb.append(')').toString();
    }
}
