package io.mobula.processor;

import io.mobula.processor.FlagsModel.MethodFlag;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Generates {@code p.Impl_MobulaFlags} for every concrete class implementing a remote interface when
 * {@link NonBlockingAnalysis} proves at least one of its remote methods cannot block (rmi-contract.md).
 * Method ids are those of the remote interface the runtime picks for the class, via {@link RemoteMethods}.
 */
final class ImplementationFlagsGenerator implements Generator {
    private final Elements elements;
    private final Types types;
    private final Filer filer;
    private final Reporter reporter;
    private final TypeNames names;
    private final RemoteMethods remoteMethods;
    private final MethodProofs proofs;
    private final FlagsEmitter emitter;

    ImplementationFlagsGenerator(ProcessingEnvironment env, Reporter reporter) {
        this.elements = env.getElementUtils();
        this.types = env.getTypeUtils();
        this.filer = env.getFiler();
        this.reporter = reporter;
        this.names = new TypeNames(elements, types);
        this.remoteMethods = new RemoteMethods(elements, types, names);
        this.proofs = new MethodProofs(elements, names, new NonBlockingAnalysis(env));
        this.emitter = new FlagsEmitter(elements.getTypeElement("javax.annotation.processing.Generated") != null,
                "the RMI runtime when an object of the class is exported");
    }

    @Override
    public boolean appliesTo(TypeElement type) {
        ElementKind kind = type.getKind();
        return (kind == ElementKind.CLASS || kind == ElementKind.ENUM || kind == ElementKind.RECORD)
                && !type.getModifiers().contains(Modifier.ABSTRACT)
                && type.getNestingKind() != NestingKind.LOCAL && type.getNestingKind() != NestingKind.ANONYMOUS
                && remoteMethods.isRemote(type.asType()) && !isStub(type);
    }

    @Override
    public boolean generate(TypeElement type) {
        for (TypeElement t = type; t != null; t = proofs.superclass(t)) {
            if (t.getSuperclass().getKind() == TypeKind.ERROR
                    || t.getInterfaces().stream().anyMatch(i -> i.getKind() == TypeKind.ERROR)) {
                return false;
            }
        }
        TypeElement iface = remoteInterfaceOf(type);
        String pkg = names.packageOf(type);
        if (iface == null || !names.isNameableFrom(iface, pkg) || !names.isNameableFrom(type, pkg)) {
            return true; // nothing the runtime could use, or nothing generated code can name
        }
        List<MethodFlag> flags = new ArrayList<>();
        for (RemoteMethods.Entry m : remoteMethods.of(iface)) {
            flags.add(proofs.flag(type, m.element(), FlagsClasses.readable(m.name(), m.type()), false));
        }
        FlagsClasses.write(type, pkg, "_MobulaFlags", iface, flags, names, filer, emitter, reporter);
        return true;
    }

    /** The interface the runtime serves the class as (StubFactory.remoteInterfaceOf). */
    private TypeElement remoteInterfaceOf(TypeElement type) {
        return FlagsClasses.servedInterface(type, remoteMethods::isRemoteInterface, proofs, names, types);
    }

    private boolean isStub(TypeElement type) {
        for (TypeElement t = proofs.superclass(type); t != null; t = proofs.superclass(t)) {
            if (t.getQualifiedName().contentEquals(SerializerAnalyzer.REMOTE_STUB)) {
                return true;
            }
        }
        return false;
    }
}
