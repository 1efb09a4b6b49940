package io.mobula.processor;

import java.util.ArrayList;
import java.util.Comparator;
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
 * The remote methods of a remote interface in method id order (rmi-contract.md): every abstract method,
 * inherited ones included, without java.lang.Object's, sorted by name and erased JVM descriptor. Stub,
 * dispatcher and implementation flags all number methods through this one class, so they agree.
 */
final class RemoteMethods {
    private final Elements elements;
    private final Types types;
    private final TypeNames names;
    private final TypeMirror remote;
    private final Set<String> objectMethods = new HashSet<>();

    /**
     * One remote method as seen from the interface.
     *
     * @param element its declaration (maybe in a super-interface)
     * @param type its type as a member of the interface (type arguments of super-interfaces substituted)
     * @param descriptor erased JVM method descriptor, return type included
     */
    record Entry(ExecutableElement element, ExecutableType type, String descriptor) {
        String name() {
            return element.getSimpleName().toString();
        }

        /** Name + descriptor: the method's part of the interface hash. */
        String signature() {
            return name() + descriptor;
        }
    }

    RemoteMethods(Elements elements, Types types, TypeNames names) {
        this.elements = elements;
        this.types = types;
        this.names = names;
        this.remote = elements.getTypeElement("java.rmi.Remote").asType();
        TypeElement object = elements.getTypeElement("java.lang.Object");
        for (ExecutableElement m : ElementFilter.methodsIn(object.getEnclosedElements())) {
            objectMethods.add(m.getSimpleName() + parameterDescriptor(m.getParameters().stream()
                    .map(Element::asType).toList()));
        }
    }

    /** An interface extending java.rmi.Remote, directly or not; Remote itself is none. */
    boolean isRemoteInterface(TypeElement type) {
        return type.getKind().isInterface() && !type.getQualifiedName().contentEquals("java.rmi.Remote")
                && types.isAssignable(types.erasure(type.asType()), remote);
    }

    boolean isRemote(TypeMirror type) {
        return types.isAssignable(types.erasure(type), remote);
    }

    /** The methods in id order; the id of a method is its index. */
    List<Entry> of(TypeElement iface) {
        DeclaredType owner = (DeclaredType) iface.asType();
        Map<String, Entry> bySignature = new LinkedHashMap<>();
        for (ExecutableElement m : ElementFilter.methodsIn(elements.getAllMembers(iface))) {
            Set<Modifier> mods = m.getModifiers();
            if (!mods.contains(Modifier.ABSTRACT) || mods.contains(Modifier.STATIC)
                    || ((TypeElement) m.getEnclosingElement()).getQualifiedName().contentEquals("java.lang.Object")) {
                continue;
            }
            ExecutableType type = (ExecutableType) types.asMemberOf(owner, m);
            if (objectMethods.contains(m.getSimpleName() + parameterDescriptor(type.getParameterTypes()))) {
                continue; // e.g. an interface redeclaring toString(): the stub's own Object method serves it
            }
            String descriptor = parameterDescriptor(type.getParameterTypes()) + returnDescriptor(type.getReturnType());
            bySignature.putIfAbsent(m.getSimpleName() + descriptor, new Entry(m, type, descriptor));
        }
        List<Entry> sorted = new ArrayList<>(bySignature.values());
        // by name, then descriptor: "ping()V" < "ping(I)V" < "ping(II)V"
        sorted.sort(Comparator.comparing(Entry::name).thenComparing(Entry::descriptor));
        return List.copyOf(sorted);
    }

    private String parameterDescriptor(List<? extends TypeMirror> params) {
        StringBuilder sb = new StringBuilder("(");
        params.forEach(p -> sb.append(names.descriptor(p)));
        return sb.append(')').toString();
    }

    private String returnDescriptor(TypeMirror type) {
        return type.getKind() == TypeKind.VOID ? "V" : names.descriptor(type);
    }
}
